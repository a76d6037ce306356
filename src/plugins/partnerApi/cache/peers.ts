import { randomUUID } from 'node:crypto'

/**
 * Which other instances share this database, learnt from their heartbeats on the change
 * channel. Alone, this instance's own commits raise its generations before their answers go
 * out, so what it caches is current without asking anyone; with peers, a write another instance
 * acknowledged may still be on its way here as a notification, and a cached answer is used only
 * after catching up with the channel (`freshness.ts`).
 */
export const heartbeatMs = 5_000

/** How long after its start an instance doubts it is alone: a peer's heartbeat may be on its way. */
const doubtAfterStartMs = 3 * heartbeatMs

type Peers = {
  self: string
  startedAt: number
  heard: Set<string>
  /** Instances that said goodbye: a heartbeat of theirs still on its way must not bring them back. */
  gone: Set<string>
}

/** Bounds on what is kept of others: instance ids are random, one a process. */
const keptMax = 10_000

const peersKey = Symbol.for('arts-cms.peers')
const peers = (): Peers => {
  const holder = globalThis as { [peersKey]?: Peers }
  holder[peersKey] ??= {
    self: randomUUID(),
    startedAt: Date.now(),
    heard: new Set(),
    gone: new Set(),
  }
  return holder[peersKey]
}

/**
 * The heartbeat this instance sends: its id, and whether it has just started (`hello`) or is
 * stopping (`bye`, sent after its last write).
 */
export const heartbeatMessage = ({ hello, bye }: { hello?: boolean; bye?: boolean }): string =>
  JSON.stringify({
    instance: peers().self,
    ...(hello ? { hello: true } : {}),
    ...(bye ? { bye: true } : {}),
  })

/**
 * Notes another instance's heartbeat; true when it is a newcomer's hello, which is answered at
 * once so it learns its peers before it trusts its cache. A goodbye forgets the instance.
 */
export const heardPeer = ({
  instance,
  hello,
  bye,
}: {
  instance: string
  hello: boolean
  bye: boolean
}): boolean => {
  const p = peers()
  if (instance === p.self || p.gone.has(instance)) return false
  if (bye) {
    p.heard.delete(instance)
    if (p.gone.size < keptMax) p.gone.add(instance)
    return false
  }
  if (p.heard.size < keptMax) p.heard.add(instance)
  return hello
}

/** How many other instances this one counts as writing to the database (for the metrics). */
export const peerCount = (): number => peers().heard.size

/**
 * Whether another instance may be writing: one has been heard since this one started and has
 * not said goodbye, or this one started too recently to know. A silent peer is never
 * forgotten: its heartbeats go through a shared pool and may be held up, and a peer taken for
 * gone while it still writes would let a stale answer through, where one kept too long only
 * costs a round trip a request. One that stopped gracefully says so after its last write.
 */
export const mayHavePeers = (): boolean => {
  const p = peers()
  return p.heard.size > 0 || Date.now() - p.startedAt < doubtAfterStartMs
}
