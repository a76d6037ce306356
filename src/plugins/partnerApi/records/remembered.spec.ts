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
  owner = 'tenant-a',
  maxBytes = 1_048_576,
}: {
  row: (string | null)[]
  record: PartnerRecord
  owner?: string
  maxBytes?: number
}) => {
  const key = rowKey({ plan: 1, row })
  const doc = { id: row[0], title: row[1] }
  readFromRow({ doc, key, row })
  remember({ doc, record, owner, maxBytes })
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
    const long = 'x'.repeat(500)
    const at = (id: string) => recall({ key: rowKey({ plan: 1, row: [id] }), row: [id, long] })
    for (let i = 0; i < 2000; i++)
      read({ row: [`m${i}`, long], record: { id: `m${i}` }, owner: `t${i % 4}`, maxBytes })
    expect(rememberedFigures().bytes).toBeLessThanOrEqual(maxBytes)
    // The most recent are kept, the least recently used went first.
    expect(at('m1999')).toBeDefined()
    expect(at('m0')).toBeUndefined()
  })

  it('keeps what is read again, least recently used out first', () => {
    const maxBytes = 1_048_576
    const long = 'y'.repeat(500)
    const at = (id: string) => recall({ key: rowKey({ plan: 1, row: [id] }), row: [id, long] })
    read({ row: ['hot', long], record: { id: 'hot' }, owner: 'tenant-r', maxBytes })
    for (let i = 0; i < 2000; i++) {
      read({ row: [`c${i}`, long], record: { id: `c${i}` }, owner: `u${i % 4}`, maxBytes })
      // Read again all along: never the least recently used.
      expect(at('hot'), `after ${i}`).toBeDefined()
    }
  })

  it('lets no tenant hold more than half: one paging through a catalogue pushes out its own', () => {
    const maxBytes = 1_048_576
    const long = 'z'.repeat(500)
    const at = (id: string) => recall({ key: rowKey({ plan: 1, row: [id] }), row: [id, long] })
    for (let i = 0; i < 100; i++)
      read({ row: [`quiet${i}`, long], record: { id: `quiet${i}` }, owner: 'quiet', maxBytes })
    for (let i = 0; i < 3000; i++)
      read({ row: [`big${i}`, long], record: { id: `big${i}` }, owner: 'big', maxBytes })
    expect(rememberedFigures('big').bytes).toBeLessThanOrEqual(maxBytes / 2)
    expect(rememberedFigures('quiet').entries).toBe(100)
    expect(at('quiet0')).toBeDefined()
    expect(at('big2999')).toBeDefined()
    expect(at('big0')).toBeUndefined()
  })

  it('keeps nothing of a document not read from a row', () => {
    const doc = { id: 'r5' }
    remember({ doc, record: { id: 'r5' }, owner: 'tenant-a', maxBytes: 1_048_576 })
    expect(rememberedOf(doc)).toBeUndefined()
  })
})
