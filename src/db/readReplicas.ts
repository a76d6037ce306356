import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { drizzle } from '@payloadcms/db-postgres/drizzle/node-postgres'
import { withReplicas } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { Payload } from 'payload'
import type pg from 'pg'

import { postgresOf } from './postgres'
import { markDown, probeReplicas } from './replicaProbe'
import { replicaForRead } from './readRouting'
import { replicaName, replicaState, type ReadPool, type Replica } from './replicaState'
import { isDatabaseUnavailable } from './unavailable'

type Drizzle = PostgresAdapter['drizzle']

/**
 * Worth asking the primary instead: the replica could not be reached or dropped the
 * connection, did not answer within the client's time (node-postgres's `query_timeout`: a
 * replica that hangs without closing its connections), or cancelled the read for a conflict
 * with the WAL it replays (40001, 40P01 for a buffer pin: both "not now" to
 * `isDatabaseUnavailable`). A statement stopped by its time limit on the server (57014) would
 * only take as long on the primary.
 */
const failedOnReplica = (err: unknown): boolean =>
  (err instanceof Error && err.message === 'Query read timeout') ||
  (isDatabaseUnavailable(err) && (err as { code?: unknown }).code !== '57014')

/**
 * The replica's pool, falling back once to the primary: a read that the replica fails to
 * answer marks it down (the probe brings it back) and is asked again of the primary.
 */
const fallingBack = ({
  replica,
  primary,
}: {
  replica: { pool: pg.Pool; down: (err: unknown) => void }
  primary: pg.Pool
}): ReadPool => {
  const query = (async (...args: Parameters<pg.Pool['query']>) => {
    try {
      return await (replica.pool.query as (...a: unknown[]) => Promise<unknown>)(...args)
    } catch (err) {
      if (!failedOnReplica(err)) throw err
      replica.down(err)
      return (primary.query as (...a: unknown[]) => Promise<unknown>)(...args)
    }
  }) as pg.Pool['query']
  const connect = async (): Promise<pg.PoolClient> => {
    try {
      return await replica.pool.connect()
    } catch (err) {
      if (!failedOnReplica(err)) throw err
      replica.down(err)
      return primary.connect()
    }
  }
  return { query, connect }
}

/**
 * Where a read of the current work runs: a replica's pool (falling back to the primary) when
 * the work reads from replicas and one may answer it (`readRouting.ts`), else the primary's.
 */
export const readPool = (payload: Payload): ReadPool =>
  replicaForRead()?.reader ?? postgresOf(payload).pool

/**
 * Runs `work` with the pool a read of the current work should use, and once more with the
 * primary's if a replica fails it partway (a conflict with its replay, a lost connection): for
 * reads that hold one connection for several statements, which the pool's own fallback cannot
 * repeat.
 */
export const onReadPool = async <T>({
  payload,
  work,
}: {
  payload: Payload
  work: (pool: ReadPool) => Promise<T>
}): Promise<T> => {
  const replica = replicaForRead()
  if (!replica) return work(postgresOf(payload).pool)
  try {
    return await work(replica.reader)
  } catch (err) {
    if (!failedOnReplica(err)) throw err
    markDown(replica)
    return work(postgresOf(payload).pool)
  }
}

/**
 * Adds the streaming replicas to Payload's adapter once it has connected (and migrated, on the
 * primary alone). Drizzle's `withReplicas` sends `select` and relational `query` to the replica
 * `getReplica` picks and everything else (`execute`, `insert`, `update`, `delete`,
 * `transaction`) to the primary; ours picks the primary unless the read may use a replica. A
 * transaction's reads use its own connection, on the primary. Payload's own `readReplicas`
 * option is not used: it picks a replica at random whatever its health, its after-write
 * window is one for the whole process, and a replica down at start is an unhandled rejection.
 */
export const attachReadReplicas = ({
  adapter,
  pg: driver,
  uris,
  poolOptions,
  maxLagMs,
  probeMs,
  connectTimeoutMs,
  log,
}: {
  adapter: PostgresAdapter
  pg: typeof pg
  uris: string[]
  poolOptions: pg.PoolConfig
  maxLagMs: number
  probeMs: number
  connectTimeoutMs: number
  log: (message: string) => void
}): { close: () => Promise<void> } => {
  const state = replicaState()
  state.probeMs = probeMs
  const primary = adapter.drizzle
  const drizzleOf = new WeakMap<Replica, Drizzle>()
  const replicas = uris.map((uri, index): Replica => {
    const pool = new driver.Pool({
      ...poolOptions,
      connectionString: uri,
      connectionTimeoutMillis: connectTimeoutMs,
      // The server's own limit cannot stop a read on a replica that no longer answers at all.
      query_timeout: (Number(poolOptions.statement_timeout) || 30_000) + connectTimeoutMs,
    })
    const named = uris.filter((other) => replicaName(other) === replicaName(uri)).length > 1
    const self: Replica = {
      name: named ? `${replicaName(uri)}#${index + 1}` : replicaName(uri),
      pool,
      reader: adapter.pool,
      healthy: false,
      lagMs: null,
      caughtUpAt: 0,
      probedAt: 0,
    }
    const reader = fallingBack({
      replica: {
        pool,
        down: (err) => {
          if (self.healthy) {
            const detail = err instanceof Error ? err.message : String(err)
            log(`read replica ${self.name} failed a read (${detail}): asked the primary, skipped`)
          }
          markDown(self)
        },
      },
      primary: adapter.pool,
    })
    self.reader = reader
    drizzleOf.set(
      self,
      drizzle({
        // Drizzle sends a pool's reads to `query` alone; transactions never reach a replica.
        client: reader as unknown as pg.Pool,
        logger: adapter.logger ?? false,
        schema: adapter.schema,
      }) as unknown as Drizzle,
    )
    return self
  })
  state.replicas = replicas
  const chosen = (): Drizzle => {
    const replica = replicaForRead()
    return (replica && drizzleOf.get(replica)) ?? primary
  }
  adapter.drizzle = withReplicas(
    primary,
    replicas.map((replica) => drizzleOf.get(replica)!) as [Drizzle, ...Drizzle[]],
    chosen,
  ) as unknown as Drizzle
  const probe = probeReplicas({
    primary: adapter.pool,
    probeMs,
    maxLagMs,
    timeoutMs: connectTimeoutMs,
    log,
  })
  return {
    close: async () => {
      probe.stop()
      state.replicas = []
      await Promise.all(replicas.map((replica) => replica.pool.end().catch(() => undefined)))
    },
  }
}
