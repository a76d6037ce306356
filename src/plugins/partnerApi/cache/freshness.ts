import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload, PayloadRequest } from 'payload'

import { executeInRequest } from '../../../db/inTransaction'
import { listen } from '../../../db/listen'
import { currentRequest } from '../../../lib/requestContext'
import { postgresOf } from '../../../db/postgres'
import { hearingCommits, noteCommit } from '../../../db/readRouting'
import { onTransactionEnd } from '../../../db/transactions'
import { noteSent, wasSent } from '../../../db/sentInTransaction'
import { changeChannel, tenantChangeSent } from '../../partnerShape'
import { scrapedGauge } from '../../../lib/metrics'
import { onShutdown } from '../../../lib/shutdown'
import { heardPeer, heartbeatMessage, heartbeatMs, mayHavePeers, peerCount } from './peers'

/**
 * Whether something cached is still true. Each scope (a tenant's records, or `authScope`: API
 * keys and tenants) has a generation, raised when a write to it commits: on this instance at
 * once, from the write's own commit, and on every other instance when the commit's NOTIFY
 * arrives. A cached value carries the stamp it was read under and is used only while that stamp
 * is current. Without a listening connection nothing is current, so nothing cached is used: a
 * notification missed while it was away cannot leave a stale answer behind. With other
 * instances about, a cached value is used only after `caughtUp`: a write another instance has
 * acknowledged is then known here, so its author reads it through any instance at once.
 */
export const authScope = 'auth'

export type Stamp = { epoch: number; generation: number }

type State = {
  listening: boolean
  /** Raised whenever listening starts again: everything read before is dropped. */
  epoch: number
  generations: Map<string, number>
  watched: WeakSet<Payload>
  /** Catches up with the listening connection (`listen().sync`). */
  sync?: () => Promise<void>
  /** The catch-up under way, and the one that follows it for those who came after it began. */
  syncing?: Promise<void>
  nextSync?: Promise<void>
  /** Sends this instance's heartbeat. */
  beat?: (hello: boolean) => void
}

// One state per process: Next's bundle and server.ts may each load this file.
const stateKey = Symbol.for('arts-cms.freshness')
const state = (): State => {
  const holder = globalThis as { [stateKey]?: State }
  holder[stateKey] ??= {
    listening: false,
    epoch: 0,
    generations: new Map(),
    watched: new WeakSet(),
  }
  return holder[stateKey]
}

/** The stamp to read under now, or none when nothing read may be kept. */
export const stampOf = (scope: string): Stamp | undefined => {
  const s = state()
  return s.listening ? { epoch: s.epoch, generation: s.generations.get(scope) ?? 0 } : undefined
}

export const isCurrent = ({ scope, stamp }: { scope: string; stamp: Stamp }): boolean => {
  const s = state()
  return (
    s.listening && stamp.epoch === s.epoch && (s.generations.get(scope) ?? 0) === stamp.generation
  )
}

export const changed = (scope: string): void => {
  const s = state()
  s.generations.set(scope, (s.generations.get(scope) ?? 0) + 1)
  // The same moment keeps the tenant's reads on the primary until a replica has replayed it.
  noteCommit(scope)
}

/**
 * A notification on the change channel: `undefined` when listening (again) begins, after which
 * nothing read before is used; else a change of a tenant's records or of keys and tenants.
 */
export const heard = (message: string | undefined): void => {
  const s = state()
  if (message === undefined) {
    s.epoch++
    s.listening = true
    hearingCommits(true)
    return
  }
  try {
    const { tenant, scope, instance, hello, bye } = JSON.parse(message) as {
      tenant?: string
      scope?: string
      instance?: string
      hello?: boolean
      bye?: boolean
    }
    if (tenant) changed(tenant)
    if (scope === authScope) changed(authScope)
    if (
      typeof instance === 'string' &&
      heardPeer({ instance, hello: hello === true, bye: bye === true })
    )
      s.beat?.(false)
  } catch {
    // Not one of ours: nothing to drop.
  }
}

/** The listening connection is gone: notifications may be missed, so nothing cached is used. */
export const lost = (): void => {
  state().listening = false
  hearingCommits(false)
}

const startSync = (s: State): Promise<void> => {
  const sync = s.sync
  const run = (sync ? sync() : Promise.reject(new Error('not listening')))
    // A failed catch-up means the connection is gone, and `lost` already distrusts the cache.
    .catch(() => undefined)
    .finally(() => {
      if (s.syncing === run) s.syncing = undefined
    })
  s.syncing = run
  return run
}

/**
 * Resolves once every change committed before the call is known here. Alone it costs nothing
 * (`undefined`: nothing to wait for, not even a turn of the event loop); with peers, one round
 * trip on the listening connection, shared by every caller that arrived before it was sent (a
 * caller that comes while one is under way waits for the next).
 */
export const caughtUp = (): Promise<void> | undefined => {
  if (!mayHavePeers()) return undefined
  // One catch-up a request: the key lookup's serves its cached answer too.
  const request = currentRequest()
  if (request?.caughtUp) return undefined
  return catchUp(request)
}

const catchUp = async (request: ReturnType<typeof currentRequest>): Promise<void> => {
  const s = state()
  if (!s.syncing) await startSync(s)
  else {
    s.nextSync ??= s.syncing.then(() => {
      s.nextSync = undefined
      return s.syncing ?? startSync(s)
    })
    await s.nextSync
  }
  if (request) request.caughtUp = true
}

/** Whether the pool has no connection out but `heldByUs` (the listener's), within `timeoutMs`. */
const settled = async ({
  pool,
  heldByUs,
  timeoutMs,
}: {
  pool: { totalCount: number; idleCount: number }
  heldByUs: number
  timeoutMs: number
}): Promise<boolean> => {
  const until = Date.now() + timeoutMs
  while (pool.totalCount - pool.idleCount > heldByUs) {
    if (Date.now() > until) return false
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return true
}

/** Listens for every instance's commits and heartbeats, once per Payload, and sends its own. */
export const watchChanges = (payload: Payload): void => {
  const s = state()
  if (s.watched.has(payload)) return
  s.watched.add(payload)
  const pool = postgresOf(payload).pool
  s.beat = (hello) =>
    void pool
      .query('select pg_notify($1, $2)', [changeChannel, heartbeatMessage({ hello })])
      .catch(() => undefined)
  const listener = listen({
    payload,
    channel: changeChannel,
    onNotify: (message) => {
      heard(message)
      if (message === undefined) s.beat?.(true)
    },
    onLost: lost,
  })
  s.sync = listener.sync
  const beating = setInterval(() => s.beat?.(false), heartbeatMs)
  beating.unref()
  onShutdown({
    name: 'goodbye to peers',
    phase: 'say goodbye',
    hook: async ({ drained }) => {
      clearInterval(beating)
      s.beat = undefined
      // Only after the last write: no request cut off at the time-out and no work still
      // holding a connection (a sync run), or the peers keep counting this one, as if it died.
      if (drained && (await settled({ pool, heldByUs: 1, timeoutMs: 5_000 })))
        await pool
          .query('select pg_notify($1, $2)', [changeChannel, heartbeatMessage({ bye: true })])
          .catch(() => undefined)
      else
        payload.logger.warn({
          msg: `no goodbye to peers: ${drained ? `${pool.totalCount - pool.idleCount} connections still in use` : 'requests were cut off'}; they go on counting this instance`,
        })
      // Its connection goes back to the pool, which then closes without waiting out its time.
      listener.close()
    },
  })
  scrapedGauge({
    name: 'cms_partner_cache_peers',
    help: 'Other instances this one has heard on the change channel and not heard leave; with any, a cached answer waits for a round trip to the database',
    labelNames: [],
    read: (gauge) => gauge.set(peerCount()),
  })
}

/**
 * Ends what is cached of `scope` on every instance: a NOTIFY in the write's transaction for the
 * others, and this instance's generation raised when the transaction commits (before the
 * write's answer goes out, so its author reads the write).
 */
export const announceChange = async ({
  req,
  scope,
}: {
  req: PayloadRequest
  scope: string
}): Promise<void> => {
  const message = scope === authScope ? { scope } : { tenant: scope }
  // The change log's entry of this write already named the tenant on the same channel.
  const sentAs = scope === authScope ? undefined : tenantChangeSent(scope)
  if (!sentAs || !(await wasSent({ req, message: sentAs }))) {
    await executeInRequest({
      req,
      query: sql`select pg_notify(${changeChannel}, ${JSON.stringify(message)})`,
    })
    if (sentAs) await noteSent({ req, message: sentAs })
  }
  await onTransactionEnd({
    req,
    hook: (committed) => {
      if (committed) changed(scope)
    },
  })
}

/** A write to an API key or a tenant: every instance's key and tenant lookups end with it. */
export const announceAuthChange = ({ req }: { req: PayloadRequest }): Promise<void> =>
  announceChange({ req, scope: authScope })
