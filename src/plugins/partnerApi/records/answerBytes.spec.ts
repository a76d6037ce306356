import { describe, expect, it } from 'vitest'

import { answerBytes } from './answerBytes'
import { readFromRow, remember, rowKey } from './remembered'

/** A record remembered as read from a row of its own values. */
const rememberedRecord = (record: Record<string, unknown>) => {
  const row = [String(record.id), JSON.stringify(record)]
  const doc = { id: record.id }
  readFromRow({ doc, key: rowKey({ plan: 9, row }), row })
  remember({ doc, record, owner: 'tenant-a', maxBytes: 1_048_576 })
  return record
}

describe('answerBytes', () => {
  it('is the UTF-8 of JSON.stringify, with remembered records’ JSON as made', () => {
    const a = rememberedRecord({ id: 'a', title: 'Gala "night" – é', html: '<p>\u2028😀</p>' })
    const b = { id: 'b', title: 'Fresh', list: [1, null, { x: true }] }
    const c = rememberedRecord({ id: 'c', nested: { deep: ['é', 2.5] } })
    for (const value of [
      { docs: [a, b, c], totalDocs: 3, page: 1, nextCursor: null },
      { docs: [a] },
      { docs: [b, undefined, a], hasNextPage: false },
    ])
      expect(answerBytes(value)?.toString('utf8')).toBe(JSON.stringify(value))
  })

  it('leaves any other value to JSON.stringify', () => {
    const a = rememberedRecord({ id: 'other', title: 'Once' })
    for (const value of [
      { docs: [], totalDocs: 0 },
      { docs: [{ id: 'x' }] },
      { totalDocs: 1, docs: [a] },
      [a],
      a,
      'text',
      null,
    ])
      expect(answerBytes(value)).toBeUndefined()
  })
})
