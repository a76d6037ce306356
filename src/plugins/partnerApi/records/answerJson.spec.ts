import { describe, expect, it } from 'vitest'

import { answerJson } from './answerJson'
import { readFromRow, remember, rowKey } from './remembered'

/** A record remembered as read from a row of its own values. */
const rememberedRecord = (record: Record<string, unknown>) => {
  const row = [String(record.id), JSON.stringify(record)]
  const doc = { id: record.id }
  readFromRow({ doc, key: rowKey({ plan: 9, row }), row })
  remember({ doc, record, maxBytes: 1_048_576 })
  return record
}

describe('answerJson', () => {
  it('is JSON.stringify, with remembered records taken as made', () => {
    const a = rememberedRecord({ id: 'a', title: 'Gala "night"', html: '<p>\u2028</p>' })
    const b = { id: 'b', title: 'Fresh', list: [1, null, { x: true }] }
    const c = rememberedRecord({ id: 'c', nested: { deep: ['é', 2.5] } })
    for (const value of [
      { docs: [a, b, c], totalDocs: 3, page: 1, nextCursor: null },
      { docs: [a] },
      { docs: [b, undefined, a], hasNextPage: false },
      { docs: [], totalDocs: 0 },
      { docs: [b] },
      { totalDocs: 1, docs: [a] },
      [a, b],
      a,
      'text',
      null,
    ])
      expect(answerJson(value)).toBe(JSON.stringify(value))
  })

  it('takes a remembered record’s JSON as it was made', () => {
    const a = rememberedRecord({ id: 'made', title: 'Once' })
    // What was made is what is written: the frozen record cannot drift from it.
    expect(answerJson({ docs: [a], totalDocs: 1 })).toBe(
      '{"docs":[{"id":"made","title":"Once"}],"totalDocs":1}',
    )
  })
})
