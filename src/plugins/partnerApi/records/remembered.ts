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
 * request. Least recently used first (a Map keeps insertion order, and a hit moves its entry
 * to the end), within a byte budget of which one tenant holds at most half: a tenant paging
 * through a large catalogue pushes out its own records before everyone else's.
 */
type Entry = Remembered & { row: Row; bytes: number; owner: string }
const entries = new Map<string, Entry>()
let held = 0
const owners = new Map<string, { held: number; entries: Map<string, Entry> }>()

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
  if (!entry || !sameText(entry.row, row)) return undefined
  entries.delete(key)
  entries.set(key, entry)
  const own = owners.get(entry.owner)?.entries
  own?.delete(key)
  own?.set(key, entry)
  return entry
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

/** Whether a document was read from a row, and may be remembered. */
export const readFromARow = (doc: object): boolean => rowOf.has(doc)

const forget = (key: string, entry: Entry): void => {
  entries.delete(key)
  held -= entry.bytes
  const own = owners.get(entry.owner)
  if (!own) return
  own.entries.delete(key)
  own.held -= entry.bytes
  if (own.entries.size === 0) owners.delete(entry.owner)
}

/**
 * Keep the record made of a document read from a row (the caller knows the row alone made
 * it), for the tenant it was read for, within `maxBytes` (0: nothing is kept).
 */
export const remember = ({
  doc,
  record,
  owner,
  maxBytes,
}: {
  doc: object
  record: PartnerRecord
  /** The tenant whose read made it: what its share of the budget is counted against. */
  owner: string
  maxBytes: number
}): void => {
  const read = rowOf.get(doc)
  if (read === undefined || maxBytes <= 0) return
  const { key, row } = read
  // The row's text, the JSON (about as long), and the document and record made of them.
  const rowText = row.reduce((sum, value) => sum + (value?.length ?? 0), 0)
  if (rowText * 4 + 400 > maxBytes / 64) return
  const text = JSON.stringify(record)
  // Storage of its own, as the read cache's answers: not a slice of a shared pool block.
  const json = Buffer.allocUnsafeSlow(Buffer.byteLength(text))
  json.write(text)
  const bytes = (rowText + json.length) * 3 + 400
  if (bytes > maxBytes / 64) return
  freeze(doc)
  freeze(record)
  const previous = entries.get(key)
  if (previous) forget(key, previous)
  const entry: Entry = { doc, record, json, row, bytes, owner }
  entries.set(key, entry)
  held += bytes
  const own = owners.get(owner) ?? { held: 0, entries: new Map<string, Entry>() }
  owners.set(owner, own)
  own.entries.set(key, entry)
  own.held += bytes
  byDoc.set(doc, entry)
  jsonOf.set(record, json)
  for (const [oldest, old] of own.entries) {
    if (own.held <= maxBytes / 2) break
    forget(oldest, old)
  }
  for (const [oldest, old] of entries) {
    if (held <= maxBytes) break
    forget(oldest, old)
  }
}

/** What is held, for tests and the bench. */
export const rememberedFigures = (owner?: string): { entries: number; bytes: number } => {
  if (owner === undefined) return { entries: entries.size, bytes: held }
  const own = owners.get(owner)
  return { entries: own?.entries.size ?? 0, bytes: own?.held ?? 0 }
}
