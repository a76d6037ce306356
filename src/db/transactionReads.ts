import type { PayloadRequest } from 'payload'

import { sessionOf } from './inTransaction'

/**
 * What a transaction has read of other records, kept for that transaction alone: a batch of a
 * hundred performances of one event reads the event's tenant and title once, not a hundred
 * times. Kept by the transaction's session, so nothing outlives the transaction or survives its
 * rollback; a record written in the transaction is forgotten at once (`forgetRecordReads`,
 * on every collection's writes), so a read after a write sees the write.
 */
type Reads = {
  values: Map<string, Map<string, unknown>>
  /**
   * How often each record was forgotten. A read that began before a forget (Payload runs a bulk
   * update's records side by side in one transaction) may have read the row as it was: its value
   * is answered but not kept.
   */
  forgotten: Map<string, number>
}

const kept = new WeakMap<object, Reads>()

export type RecordRef = { collection: string; id: string }

// Ids are UUIDs, which PostgreSQL compares without regard to case: so are they kept.
const recordKey = ({ collection, id }: RecordRef): string => `${collection}:${id.toLowerCase()}`

/** Keeps `value` unless the record was forgotten since `since` (its `forgotten` count then). */
const keep = ({
  reads,
  key,
  what,
  value,
  since,
}: {
  reads: Reads
  key: string
  what: string
  value: unknown
  since: number
}): void => {
  if ((reads.forgotten.get(key) ?? 0) !== since) return
  const of = reads.values.get(key) ?? new Map<string, unknown>()
  of.set(what, value)
  reads.values.set(key, of)
}

/** The reads of the request's transaction, or nothing outside a transaction. */
const readsOf = async (req: PayloadRequest): Promise<Reads | undefined> => {
  const session = await sessionOf(req)
  if (!session) return undefined
  let reads = kept.get(session)
  if (!reads) kept.set(session, (reads = { values: new Map(), forgotten: new Map() }))
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
  record: RecordRef
  what: string
  read: () => Promise<T>
}): Promise<T> => {
  const reads = await readsOf(req)
  const key = recordKey(record)
  const known = reads?.values.get(key)
  if (known?.has(what)) return known.get(what) as T
  const since = reads?.forgotten.get(key) ?? 0
  const value = await read()
  if (reads) keep({ reads, key, what, value, since })
  return value
}

/**
 * `what` of several records of one collection, by the ids asked: those the transaction has
 * read, and the rest read now by `read` in one go (which answers the values it found, by the
 * ids PostgreSQL gives; a record it does not answer is kept as `undefined`, read as missing).
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
    const known = reads?.values.get(recordKey({ collection, id }))
    if (known?.has(what)) found.set(id, known.get(what) as T | undefined)
    else missing.push(id)
  }
  if (missing.length === 0) return found
  const since = new Map(
    missing.map((id) => {
      const key = recordKey({ collection, id })
      return [key, reads?.forgotten.get(key) ?? 0]
    }),
  )
  const fresh = new Map(
    [...(await read(missing))].map(([id, value]) => [recordKey({ collection, id }), value]),
  )
  for (const id of missing) {
    const key = recordKey({ collection, id })
    const value = fresh.get(key)
    found.set(id, value)
    if (reads) keep({ reads, key, what, value, since: since.get(key) ?? 0 })
  }
  return found
}

/** Keeps `value` as `what` of `record`, found by another read of the transaction. */
export const keepRead = async ({
  req,
  record,
  what,
  value,
  since,
}: {
  req: PayloadRequest
  record: RecordRef
  what: string
  value: unknown
  /** `forgetCount` before the read that found `value` began. */
  since: number
}): Promise<void> => {
  const reads = await readsOf(req)
  if (reads) keep({ reads, key: recordKey(record), what, value, since })
}

/** How often the transaction has forgotten `record`: to pass to `keepRead` as `since`. */
export const forgetCount = async ({
  req,
  record,
}: {
  req: PayloadRequest
  record: RecordRef
}): Promise<number> => (await readsOf(req))?.forgotten.get(recordKey(record)) ?? 0

/** Forgets what the request's transaction read of `record`: it has just been written. */
export const forgetRecordReads = async ({
  req,
  record,
}: {
  req: PayloadRequest
  record: RecordRef
}): Promise<void> => {
  const session = await sessionOf(req)
  const reads = session ? kept.get(session) : undefined
  if (!reads) return
  const key = recordKey(record)
  reads.values.delete(key)
  reads.forgotten.set(key, (reads.forgotten.get(key) ?? 0) + 1)
}
