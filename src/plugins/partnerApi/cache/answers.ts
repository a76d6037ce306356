import { countCacheRead } from '../../../lib/metrics'
import { caughtUp, isCurrent, stampOf, type Stamp } from './freshness'

/**
 * A read's answer as sent: its bytes, encoded once (a hit writes them as they are), and the
 * entity tag made from them.
 */
export type Answer = { body: Buffer; etag: string }

type Entry = Answer & { scope: string; stamp: Stamp; expires: number; bytes: number }

/**
 * The answers of this process, least recently used first (a Map keeps insertion order, and a
 * hit moves its entry to the end), within a byte budget.
 */
const entries = new Map<string, Entry>()
let held = 0

const forget = (key: string, entry: Entry): void => {
  entries.delete(key)
  held -= entry.bytes
}

const cachedAnswer = ({ key, scope }: { key: string; scope: string }): Answer | undefined => {
  const entry = entries.get(key)
  if (!entry) return undefined
  if (entry.expires <= Date.now() || !isCurrent({ scope, stamp: entry.stamp })) {
    forget(key, entry)
    return undefined
  }
  entries.delete(key)
  entries.set(key, entry)
  return entry
}

const keep = ({ key, entry, maxBytes }: { key: string; entry: Entry; maxBytes: number }): void => {
  if (entry.bytes > maxBytes / 16) return
  const previous = entries.get(key)
  if (previous) forget(key, previous)
  entries.set(key, entry)
  held += entry.bytes
  for (const [oldest, old] of entries) {
    if (held <= maxBytes) break
    forget(oldest, old)
  }
}

/**
 * The answer for `key` from the cache, or made by `produce` and kept under the stamp taken
 * before it ran: a write that commits while it runs raises the scope's generation, so what it
 * read is never used again.
 */
export const readThrough = async ({
  key,
  scope,
  cache,
  produce,
}: {
  key: string
  /** What the answer depends on: the tenant whose records it shows. */
  scope: string
  cache: { enabled: boolean; maxBytes: number; ttlMs: number }
  produce: () => Promise<Answer>
}): Promise<Answer> => {
  if (!cache.enabled) return produce()
  const waiting = entries.has(key) ? caughtUp() : undefined
  if (waiting) await waiting
  const hit = cachedAnswer({ key, scope })
  countCacheRead(hit ? 'hit' : 'miss')
  if (hit) return hit
  const stamp = stampOf(scope)
  const answer = await produce()
  if (stamp) {
    const bytes = answer.body.byteLength + key.length * 2 + 200
    keep({
      key,
      entry: { ...answer, scope, stamp, expires: Date.now() + cache.ttlMs, bytes },
      maxBytes: cache.maxBytes,
    })
  }
  return answer
}

/** What this process holds, for the tests of the budget. */
export const cacheFigures = (): { entries: number; bytes: number } => ({
  entries: entries.size,
  bytes: held,
})
