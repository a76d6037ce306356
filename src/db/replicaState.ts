import type pg from 'pg'

/** One streaming replica as the process knows it from its latest probe. */
export type Replica = {
  /** Host, port and database: never the credentials of the connection string. */
  name: string
  /** The replica's own pool, for the probe; reads go through `reader`, which falls back. */
  pool: pg.Pool
  /** What reads query: the replica, or the primary when the replica fails to answer. */
  reader: ReadPool
  /** Reachable and within the lag allowed at its latest probe. */
  healthy: boolean
  /** How far behind the primary it was at its latest probe; `null` before the first. */
  lagMs: number | null
  /**
   * The latest moment (this process's clock) by which everything the primary had committed is
   * known to be replayed on the replica: a commit known here before it is visible there.
   */
  caughtUpAt: number
  /** The WAL position its latest probe found replayed. */
  replayed?: bigint
  /** When its latest probe ended (this process's clock); 0 before the first. */
  probedAt: number
}

/** What a read runs on: a pool's `query` and `connect`, whichever server answers. */
export type ReadPool = {
  query: pg.Pool['query']
  connect: () => Promise<pg.PoolClient>
}

type State = {
  replicas: Replica[]
  /** Per tenant, when its latest commit became known here (this process's clock). */
  commits: Map<string, number>
  /** Whether commits of every instance are being heard (the change channel's LISTEN). */
  hearing: boolean
  /** When hearing last began: a commit made while it was away may be as late as this. */
  hearingSince: number
  /** Round-robin over the replicas a read may use. */
  turn: number
  /** How often the replicas are probed: a probe older than a few of these is not trusted. */
  probeMs: number
}

// One state per process: Next's bundle and server.ts may each load this file.
const stateKey = Symbol.for('arts-cms.read-replicas')

export const replicaState = (): State => {
  const holder = globalThis as { [stateKey]?: State }
  holder[stateKey] ??= {
    replicas: [],
    commits: new Map(),
    hearing: false,
    hearingSince: 0,
    turn: 0,
    probeMs: 1000,
  }
  return holder[stateKey]
}

export type ReplicaStatus = { name: string; lagMs: number | null; healthy: boolean }

/** Each replica's lag and health as of its latest probe, for metrics and health pages. */
export const replicaStatus = (): ReplicaStatus[] =>
  replicaState().replicas.map(({ name, lagMs, healthy }) => ({ name, lagMs, healthy }))

/** A replica's name without its credentials: `host:port/database`. */
export const replicaName = (uri: string): string => {
  try {
    const url = new URL(uri)
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`
  } catch {
    return 'replica'
  }
}
