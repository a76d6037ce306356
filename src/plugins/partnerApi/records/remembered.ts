import type { PartnerRecord } from '../../partnerShape'

/**
 * What a row's text became: the document read from it, the record as answered, and the
 * record's JSON in UTF-8. Frozen: one entry is every later reader's, and a change would be a
 * wrong answer for all of them.
 */
export type Remembered = { doc: object; record: PartnerRecord; json: Buffer }

type Row = readonly (string | null)[]

/**
 * Answers of records made from their rows alone (no rich text pointing at other records, no
 * block showing others), by the rows' text: the same text gives the same answer, so a record
 * is made once until its row changes. An entry is found by the plan and the row's first value
 * (the id) and used only when every value of the row is the same text; a changed row replaces
 * it. Nothing here can be stale: what is compared is what PostgreSQL answered for this
 * request. Oldest first (a Map keeps insertion order), within a byte budget.
 */
type Entry = Remembered & { row: Row; bytes: number }
const entries = new Map<string, Entry>()
let held = 0

/** What a document read from a row is, once remembered, and a remembered record's JSON. */
const byDoc = new WeakMap<object, Remembered>()
const jsonOf = new WeakMap<object, Buffer>()

/** Where a fresh document was read: its row's key and text. */
const rowOf = new WeakMap<object, { key: string; row: Row }>()

/** A row's key: its plan (the statement's columns) and its first value, the record's id. */
export const rowKey = ({ plan, row }: { plan: number; row: Row }): string => `${plan}:${row[0]}`

const sameText = (a: Row, b: Row): boolean => {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** What a row read now is remembered as, if its every value is the text remembered. */
export const recall = ({ key, row }: { key: string; row: Row }): Remembered | undefined => {
  const entry = entries.get(key)
  return entry && sameText(entry.row, row) ? entry : undefined
}

/** A document just read from a row: its record is remembered once made (`remember`). */
export const readFromRow = ({ doc, key, row }: { doc: object; key: string; row: Row }): void => {
  rowOf.set(doc, { key, row })
}

/** What a document read from a row is remembered as, if it is. */
export const rememberedOf = (doc: object): Remembered | undefined => byDoc.get(doc)

/** A record's JSON as remembered, in UTF-8, if it is one that was. */
export const rememberedJson = (record: object): Buffer | undefined => jsonOf.get(record)

const freeze = (value: unknown): void => {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return
  Object.freeze(value)
  for (const inner of Object.values(value)) freeze(inner)
}

const forget = (key: string, entry: Entry): void => {
  entries.delete(key)
  held -= entry.bytes
}

/**
 * Keep the record made of a document read from a row (the caller knows the row alone made
 * it), within `maxBytes` (0: nothing is kept).
 */
export const remember = ({
  doc,
  record,
  maxBytes,
}: {
  doc: object
  record: PartnerRecord
  maxBytes: number
}): void => {
  const read = rowOf.get(doc)
  if (read === undefined || maxBytes <= 0) return
  const { key, row } = read
  const text = JSON.stringify(record)
  // Storage of its own, as the read cache's answers: not a slice of a shared pool block.
  const json = Buffer.allocUnsafeSlow(Buffer.byteLength(text))
  json.write(text)
  // The row's text, the JSON, and the document and record made of them, at about their size.
  const rowText = row.reduce((sum, value) => sum + (value?.length ?? 0), 0)
  const bytes = (rowText + json.length) * 3 + 400
  if (bytes > maxBytes / 64) return
  freeze(doc)
  freeze(record)
  const previous = entries.get(key)
  if (previous) forget(key, previous)
  const entry: Entry = { doc, record, json, row, bytes }
  entries.set(key, entry)
  held += bytes
  byDoc.set(doc, entry)
  jsonOf.set(record, json)
  for (const [oldest, old] of entries) {
    if (held <= maxBytes) break
    forget(oldest, old)
  }
}

/** What is held, for tests and the bench. */
export const rememberedFigures = (): { entries: number; bytes: number } => ({
  entries: entries.size,
  bytes: held,
})
