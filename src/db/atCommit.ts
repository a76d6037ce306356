import type { PayloadRequest } from 'payload'

import { sessionOf } from './inTransaction'
import { beforeCommit } from './transactions'

type Gathered<T> = { items: T[] }

/** What each transaction has gathered, by its session object and the gatherer's key. */
const gathered = new WeakMap<object, Map<string, Gathered<unknown>>>()

/**
 * Gathers `item` under `key` in the request's transaction; `flush` writes everything gathered
 * under the key in one go, in the transaction, just before it commits (what a flush gathers
 * anew is flushed after it). A batch of a hundred records then costs one statement where it
 * cost a hundred, and a lock the flush takes is held from there to the commit only. Without a
 * transaction the item is flushed at once, alone.
 */
export const gatherUntilCommit = async <T>({
  req,
  key,
  item,
  flush,
  last = false,
}: {
  req: PayloadRequest
  key: string
  item: T
  flush: (args: { req: PayloadRequest; items: T[] }) => Promise<void>
  /** Flushed after everything else gathered (`beforeCommit`'s `last`). */
  last?: boolean
}): Promise<void> => {
  const session = await sessionOf(req)
  if (!session) return flush({ req, items: [item] })
  const byKey = gathered.get(session) ?? new Map<string, Gathered<unknown>>()
  gathered.set(session, byKey)
  const existing = byKey.get(key) as Gathered<T> | undefined
  if (existing) return void existing.items.push(item)
  const own: Gathered<T> = { items: [item] }
  byKey.set(key, own)
  await beforeCommit({
    req,
    last,
    hook: async () => {
      while (own.items.length > 0) await flush({ req, items: own.items.splice(0) })
      // What is gathered from now on is flushed by a hook of its own.
      byKey.delete(key)
    },
  })
}

/**
 * Drops what the request's transaction gathered under `key` that `drop` picks: work made moot
 * by a later write in the same transaction.
 */
export const dropGathered = async <T>({
  req,
  key,
  drop,
}: {
  req: PayloadRequest
  key: string
  drop: (item: T) => boolean
}): Promise<void> => {
  const session = await sessionOf(req)
  const own = session ? (gathered.get(session)?.get(key) as Gathered<T> | undefined) : undefined
  if (!own) return
  const kept = own.items.filter((item) => !drop(item))
  own.items.splice(0, own.items.length, ...kept)
}
