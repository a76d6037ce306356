import type { Payload } from 'payload'

import { postgresOf } from '../../db/postgres'
import { replicaStatus } from '../../db/replicaState'
import { scrapedGauge } from '../../lib/metrics'

/** Rows of one statement on the app's pool. */
const rowsOf = async <T>(payload: Payload, text: string): Promise<T[]> =>
  (await postgresOf(payload).pool.query(text)).rows as T[]

/** The database pool's connections, as pg's Pool counts them now. */
const poolGauges = (payload: Payload): void => {
  const figures = [
    ['cms_db_pool_connections', 'Connections the pool holds, busy or idle', 'totalCount'],
    ['cms_db_pool_idle_connections', 'Connections the pool holds idle', 'idleCount'],
    ['cms_db_pool_waiting_clients', 'Queries waiting for a connection of the pool', 'waitingCount'],
  ] as const
  for (const [name, help, figure] of figures)
    scrapedGauge({
      name,
      help,
      labelNames: [],
      read: (gauge) => gauge.set(postgresOf(payload).pool[figure]),
    })
}

/**
 * How far each replica streaming from this database is behind, as the primary sees it; no
 * series where there is none (or this is a replica itself). PostgreSQL shows the lag only to a
 * superuser or a member of `pg_monitor`; to anyone else it reads 0.
 */
const replicaLag = (payload: Payload): void =>
  scrapedGauge({
    name: 'cms_db_replica_lag_seconds',
    help: 'Replay lag of each streaming replica (pg_stat_replication on the primary)',
    labelNames: ['application_name'],
    read: async (gauge) => {
      const rows = await rowsOf<{ application_name: string; lag: number }>(
        payload,
        `select application_name,
                coalesce(extract(epoch from replay_lag), 0)::float8 as lag
           from pg_stat_replication`,
      )
      for (const row of rows) gauge.set({ application_name: row.application_name }, row.lag)
    },
  })

/** The read replicas this instance reads from, as its own probe last measured them. */
const readReplicas = (): void => {
  scrapedGauge({
    name: 'cms_db_read_replica_lag_seconds',
    help: 'Lag of each read replica as this instance last probed it (DATABASE_READ_URIS)',
    labelNames: ['replica'],
    read: (gauge) => {
      // A replica never measured (down since start) has no lag to give: no series.
      for (const r of replicaStatus())
        if (r.lagMs !== null) gauge.set({ replica: r.name }, r.lagMs / 1000)
    },
  })
  scrapedGauge({
    name: 'cms_db_read_replica_healthy',
    help: 'Whether each read replica is used (1) or skipped as down or too far behind (0)',
    labelNames: ['replica'],
    read: (gauge) => {
      for (const r of replicaStatus()) gauge.set({ replica: r.name }, r.healthy ? 1 : 0)
    },
  })
}

/**
 * The webhooks' and box-office syncs' tables are read here in SQL, by their names, so that
 * neither sealed plugin grows an export for the operator's figures.
 */
const webhookBacklog = (payload: Payload): void =>
  scrapedGauge({
    name: 'cms_webhook_deliveries_pending',
    help: 'Webhook deliveries waiting to be sent (state pending), per tenant',
    labelNames: ['tenant'],
    read: async (gauge) => {
      const rows = await rowsOf<{ tenant: string; count: number }>(
        payload,
        // Every tenant, 0 included: an alert on a backlog needs the series before it grows.
        `select t.slug as tenant, count(d.id)::int as count
           from tenants t
           left join webhook_deliveries d on d.tenant_id = t.id and d.state = 'pending'
          group by t.slug`,
      )
      for (const row of rows) gauge.set({ tenant: row.tenant }, row.count)
    },
  })

const syncRuns = (payload: Payload): void =>
  scrapedGauge({
    name: 'cms_ticketing_sync_runs',
    help: 'Box-office sync runs per tenant and status: queued and running now, and finished (succeeded, failed) as kept',
    labelNames: ['tenant', 'status'],
    read: async (gauge) => {
      const rows = await rowsOf<{ tenant: string; status: string; count: number }>(
        payload,
        `select t.slug as tenant, r.status::text as status, count(*)::int as count
           from ticketing_sync_runs r join tenants t on t.id = r.tenant_id
          group by t.slug, r.status`,
      )
      for (const row of rows) gauge.set({ tenant: row.tenant, status: row.status }, row.count)
    },
  })

/** Every gauge read from the database or the pool, read at the scrape from this Payload's. */
export const registerGauges = (payload: Payload): void => {
  poolGauges(payload)
  replicaLag(payload)
  readReplicas()
  webhookBacklog(payload)
  syncRuns(payload)
}
