import type { PayloadRequest } from 'payload'

import { sessionOf } from './inTransaction'

/**
 * What a transaction has read of other records, kept for that transaction alone: a batch of a
 * hundred performances of one event reads the event's tenant and title once, not a hundred
 * times. Kept by the transaction's session, so nothing outlives the transaction or survives its
 * rollback; a record written in the transaction is forgotten at once (`forgetRecordReads`,
 * on every collection's writes), so a read after a write sees the write.
 */
type Reads = Map<string, Map<string, unknown>>

const kept = new WeakMap<object, Reads>()

const recordKey = ({ collection, id }: Record): string => `${collection}:${id}`

export type Record = { collection: string; id: string }

const keep = ({
  reads,
  record,
  what,
  value,
}: {
  reads: Reads
  record: Record
  what: string
  value: unknown
}): void => {
  const key = recordKey(record)
  const of = reads.get(key) ?? new Map<string, unknown>()
  of.set(what, value)
  reads.set(key, of)
}

/** The reads of the request's transaction, or nothing outside a transaction. */
const readsOf = async (req: PayloadRequest): Promise<Reads | undefined> => {
  const session = await sessionOf(req)
  if (!session) return undefined
  let reads = kept.get(session)
  if (!reads) kept.set(session, (reads = new Map()))
  return reads
}

/**
 * `what` of `record` (a name for the read: `tenant`, `facts`), from what the transaction has
 * already read, or read now by `read` and kept; outside a transaction always read.
 */
export const readOnce = async <T>({
  req,
  record,
  what,
  read,
}: {
  req: PayloadRequest
  record: Record
  what: string
  read: () => Promise<T>
}): Promise<T> => {
  const reads = await readsOf(req)
  const key = recordKey(record)
  const known = reads?.get(key)
  if (known?.has(what)) return known.get(what) as T
  const value = await read()
  if (reads) keep({ reads, record, what, value })
  return value
}

/**
 * `what` of several records of one collection: those the transaction has read, and the rest
 * read now by `read` in one go (which answers the values it found; a record it does not answer
 * is kept as `undefined`, read as missing).
 */
export const readEachOnce = async <T>({
  req,
  collection,
  ids,
  what,
  read,
}: {
  req: PayloadRequest
  collection: string
  ids: readonly string[]
  what: string
  read: (ids: string[]) => Promise<Map<string, T>>
}): Promise<Map<string, T | undefined>> => {
  const reads = await readsOf(req)
  const found = new Map<string, T | undefined>()
  const missing: string[] = []
  for (const id of ids) {
    const known = reads?.get(recordKey({ collection, id }))
    if (known?.has(what)) found.set(id, known.get(what) as T | undefined)
    else missing.push(id)
  }
  if (missing.length === 0) return found
  const fresh = await read(missing)
  for (const id of missing) {
    const value = fresh.get(id)
    found.set(id, value)
    if (reads) keep({ reads, record: { collection, id }, what, value })
  }
  return found
}

/** Keeps `value` as `what` of `record`, found by another read of the transaction. */
export const keepRead = async ({
  req,
  record,
  what,
  value,
}: {
  req: PayloadRequest
  record: Record
  what: string
  value: unknown
}): Promise<void> => {
  const reads = await readsOf(req)
  if (reads) keep({ reads, record, what, value })
}

/** Forgets what the request's transaction read of `record`: it has just been written. */
export const forgetRecordReads = async ({
  req,
  record,
}: {
  req: PayloadRequest
  record: Record
}): Promise<void> => {
  const session = await sessionOf(req)
  if (session) kept.get(session)?.delete(recordKey(record))
}
