import { describe, expect, it } from 'vitest'

import type { PartnerRecord } from '../../partnerShape'
import {
  readFromRow,
  recall,
  remember,
  rememberedFigures,
  rememberedJson,
  rememberedOf,
  rowKey,
} from './remembered'

/** A document as read from `row`, remembered as the record `record`. */
const read = ({
  row,
  record,
  maxBytes = 1_048_576,
}: {
  row: (string | null)[]
  record: PartnerRecord
  maxBytes?: number
}) => {
  const key = rowKey({ plan: 1, row })
  const doc = { id: row[0], title: row[1] }
  readFromRow({ doc, key, row })
  remember({ doc, record, maxBytes })
  return { key, doc }
}

describe('records remembered by their rows', () => {
  it('recalls a record only for the very same text of every value', () => {
    const record = { id: 'r1', title: 'Gala', notes: { text: 'x' } }
    const { key, doc } = read({ row: ['r1', 'Gala', null], record })
    expect(recall({ key, row: ['r1', 'Gala', null] })?.record).toBe(record)
    expect(rememberedOf(doc)?.record).toBe(record)
    expect(rememberedJson(record)?.toString()).toBe(JSON.stringify(record))
    // Another value, a null for an empty text, a value more: another row.
    expect(recall({ key, row: ['r1', 'Gala!', null] })).toBeUndefined()
    expect(recall({ key, row: ['r1', 'Gala', ''] })).toBeUndefined()
    expect(recall({ key, row: ['r1', 'Gala', null, 'x'] })).toBeUndefined()
    // The same id under another plan (another SELECT list) is another entry.
    expect(recall({ key: rowKey({ plan: 2, row: ['r1'] }), row: ['r1', 'Gala', null] })).toBe(
      undefined,
    )
  })

  it('freezes what it keeps, so no reader can change another reader’s answer', () => {
    const record = { id: 'r2', title: 'Frozen', notes: { text: 'x' } }
    const { doc } = read({ row: ['r2', 'Frozen'], record })
    expect(Object.isFrozen(record) && Object.isFrozen(record.notes)).toBe(true)
    expect(Object.isFrozen(doc)).toBe(true)
    expect(() => {
      ;(record.notes as { text: string }).text = 'changed'
    }).toThrow(TypeError)
  })

  it('replaces the record of a row whose text changed', () => {
    const first = read({ row: ['r3', 'Before'], record: { id: 'r3', title: 'Before' } })
    const second = read({ row: ['r3', 'After'], record: { id: 'r3', title: 'After' } })
    expect(second.key).toBe(first.key)
    expect(recall({ key: first.key, row: ['r3', 'Before'] })).toBeUndefined()
    expect(recall({ key: first.key, row: ['r3', 'After'] })?.record.title).toBe('After')
  })

  it('keeps nothing with a budget of 0, and holds no more than its budget', () => {
    const none = read({ row: ['r4', 'None'], record: { id: 'r4' }, maxBytes: 0 })
    expect(recall({ key: none.key, row: ['r4', 'None'] })).toBeUndefined()
    const maxBytes = 1_048_576
    for (let i = 0; i < 2000; i++)
      read({ row: [`m${i}`, 'x'.repeat(500)], record: { id: `m${i}` }, maxBytes })
    expect(rememberedFigures().bytes).toBeLessThanOrEqual(maxBytes)
    // The newest is kept, the oldest went first.
    expect(
      recall({ key: rowKey({ plan: 1, row: ['m1999'] }), row: ['m1999', 'x'.repeat(500)] }),
    ).toBeDefined()
    expect(
      recall({ key: rowKey({ plan: 1, row: ['m0'] }), row: ['m0', 'x'.repeat(500)] }),
    ).toBeUndefined()
  })

  it('keeps nothing of a document not read from a row', () => {
    const doc = { id: 'r5' }
    remember({ doc, record: { id: 'r5' }, maxBytes: 1_048_576 })
    expect(rememberedOf(doc)).toBeUndefined()
  })
})
