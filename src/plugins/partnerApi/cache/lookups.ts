import { authScope, caughtUp, isCurrent, stampOf, type Stamp } from './freshness'

/**
 * A lookup of keys or tenants, remembered until any key or tenant is written (on this instance
 * at the write's commit, on the others at its NOTIFY): a revoked key stops on its next request.
 * Only what was found is kept: names anyone can send (unknown key prefixes, made-up tenant
 * slugs) never fill it. At most `maxEntries` are held; past that the memory starts again. And
 * nothing is kept longer than `maxAgeMs`: a LISTEN connection that dies without a word (an idle
 * NAT, a pooler that drops notifications) or a key changed by SQL by hand cannot keep a
 * revoked key working for longer than that.
 */
export const rememberedLookup = <T>({
  maxEntries = 10_000,
  maxAgeMs = 30_000,
}: { maxEntries?: number; maxAgeMs?: number } = {}) => {
  const remembered = new Map<string, { value: T; stamp: Stamp; until: number }>()
  return async ({ name, load }: { name: string; load: () => Promise<T> }): Promise<T> => {
    const waiting = remembered.has(name) ? caughtUp() : undefined
    if (waiting) await waiting
    const hit = remembered.get(name)
    if (hit && hit.until > Date.now() && isCurrent({ scope: authScope, stamp: hit.stamp }))
      return hit.value
    const stamp = stampOf(authScope)
    const value = await load()
    if (stamp && value !== undefined) {
      if (remembered.size >= maxEntries) remembered.clear()
      remembered.set(name, { value, stamp, until: Date.now() + maxAgeMs })
    }
    return value
  }
}
