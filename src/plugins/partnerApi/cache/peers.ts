import { randomUUID } from 'node:crypto'

/**
 * Which other instances share this database, learnt from their heartbeats on the change
 * channel. Alone, this instance's own commits raise its generations before their answers go
 * out, so what it caches is current without asking anyone; with peers, a write another instance
 * acknowledged may still be on its way here as a notification, and a cached answer is used only
 * after catching up with the channel (`freshness.ts`).
 */
export const heartbeatMs = 5_000

/** A peer not heard for this long has stopped; so has this instance's doubt after its start. */
const forgetAfterMs = 3 * heartbeatMs

type Peers = { self: string; startedAt: number; lastHeard: Map<string, number> }

const peersKey = Symbol.for('arts-cms.peers')
const peers = (): Peers => {
  const holder = globalThis as { [peersKey]?: Peers }
  holder[peersKey] ??= { self: randomUUID(), startedAt: Date.now(), lastHeard: new Map() }
  return holder[peersKey]
}

/** The heartbeat this instance sends: its id, and whether it has just started. */
export const heartbeatMessage = ({ hello }: { hello: boolean }): string =>
  JSON.stringify({ instance: peers().self, ...(hello ? { hello: true } : {}) })

/**
 * Notes another instance's heartbeat; true when it is a newcomer's hello, which is answered at
 * once so it learns its peers before it trusts its cache.
 */
export const heardPeer = ({ instance, hello }: { instance: string; hello: boolean }): boolean => {
  const p = peers()
  if (instance === p.self) return false
  p.lastHeard.set(instance, Date.now())
  return hello
}

/**
 * Whether another instance may be writing: one was heard lately, or this one started too
 * recently to know (a peer's heartbeat may not have come yet).
 */
export const mayHavePeers = (): boolean => {
  const p = peers()
  const now = Date.now()
  if (now - p.startedAt < forgetAfterMs) return true
  for (const [id, at] of p.lastHeard) {
    if (now - at < forgetAfterMs) return true
    p.lastHeard.delete(id)
  }
  return false
}
