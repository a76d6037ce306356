import type { DatabaseAdapterObj } from 'payload'
import {
  postgresAdapter,
  type PostgresAdapter,
  type PostgresAdapterArgs,
} from '@payloadcms/db-postgres'

import { migrations } from '../migrations/index'
import { onShutdown } from '../lib/shutdown'
import { answerFirstVersions } from './firstVersions'
import { attachReadReplicas } from './readReplicas'
import { createResilientPg, type ClosablePool } from './resilientPg'
import { beginTransaction, commitTransaction, rollbackTransaction } from './transactions'

type Log = { error: (obj: object) => void; warn: (obj: object) => void }

/**
 * Payload's Postgres adapter with this project's repairs: pool clients that survive a server
 * restart, a COMMIT whose failure reaches the caller, a pool that closes on shutdown, and no
 * version pruning asked of a record just created (`firstVersions.ts`).
 */
export const databaseAdapter = ({
  connectionString,
  poolMax,
  connectTimeoutMs,
  migrationDir,
  push,
  statementTimeoutMs,
  idleInTransactionTimeoutMs,
  preparedStatements = true,
  tables,
  indexes,
  readReplicas,
}: {
  connectionString: string
  poolMax: number
  connectTimeoutMs: number
  statementTimeoutMs: number
  idleInTransactionTimeoutMs: number
  /** `DB_PREPARED_STATEMENTS`: statements run again are prepared by name (`resilientPg.ts`). */
  preparedStatements?: boolean
  migrationDir: string
  push: boolean
  /** Tables the plugins keep beside Payload's collections (`src/plugins/tables.ts`). */
  tables: NonNullable<PostgresAdapterArgs['beforeSchemaInit']>
  /** Indexes the plugins declare on collections' tables (`src/plugins/tables.ts`). */
  indexes: NonNullable<PostgresAdapterArgs['afterSchemaInit']>
  /** Streaming replicas for reads that tolerate lag (`readReplicas.ts`); none: the primary. */
  readReplicas?: { uris: string[]; maxLagMs: number; probeMs: number; connectTimeoutMs: number }
}): DatabaseAdapterObj<PostgresAdapter> => {
  let logger: Log | undefined
  const pg = createResilientPg({
    log: ({ msg, err }) => {
      // pg-pool hangs the whole client on `err.client`: log the message alone.
      const detail = err instanceof Error ? err.message : String(err)
      if (logger) logger.warn({ msg: `${msg}: ${detail}` })
      else console.warn(`${msg}: ${detail}`)
    },
  })

  const base = postgresAdapter({
    pool: {
      connectionString,
      max: poolMax,
      // Fail fast while the database is away instead of queueing requests forever.
      connectionTimeoutMillis: connectTimeoutMs,
      idleTimeoutMillis: 30_000,
      // TCP keepalive: a connection held for LISTEN, idle for hours, is found dead when a NAT
      // or firewall drops it, instead of waiting silently for notifications that never come.
      keepAlive: true,
      // One slow query or a hook that hangs inside a transaction gives its connection and
      // locks back instead of holding them until the process dies.
      statement_timeout: statementTimeoutMs || undefined,
      idle_in_transaction_session_timeout: idleInTransactionTimeoutMs || undefined,
      // Statements run by name (`preparedStatements.ts`) are parsed once and planned on every
      // run: a plan kept from a table's first rows (a new installation, a tenant's first
      // import) scanned the whole table once it had grown, until autovacuum analysed it (an
      // event create's slug check from 0.1 to 1.9 ms at 5,000 events, measured; a table never
      // analysed misleads a fresh plan too, which `fields/slug.ts` is written for). Not sent
      // without them: a pooler in transaction mode (their reason to be off) may refuse it.
      ...(preparedStatements ? { options: '-c plan_cache_mode=force_custom_plan' } : {}),
    },
    pg,
    idType: 'uuid',
    allowIDOnCreate: true,
    migrationDir,
    push,
    prodMigrations: migrations,
    beforeSchemaInit: tables,
    afterSchemaInit: indexes,
  })

  return {
    ...base,
    init: (args) => {
      const adapter = base.init(args)
      logger = args.payload.logger
      adapter.beginTransaction = beginTransaction
      adapter.commitTransaction = commitTransaction
      adapter.rollbackTransaction = rollbackTransaction
      answerFirstVersions(adapter)
      if (readReplicas && readReplicas.uris.length > 0) {
        const connect = adapter.connect
        let attached = false
        // After Payload's connect, so that migrations read and write the primary alone.
        adapter.connect = async function (this: PostgresAdapter, options) {
          await connect?.call(this, options)
          if (attached) return
          attached = true
          const replicas = attachReadReplicas({
            adapter: this,
            pg,
            poolOptions: this.poolOptions,
            ...readReplicas,
            log: (msg) => (logger ? logger.warn({ msg }) : console.warn(msg)),
          })
          onShutdown({
            name: 'read replicas',
            hook: replicas.close,
            phase: 'close connections',
          })
        }
      }
      onShutdown({
        name: 'database pool',
        phase: 'close connections',
        hook: async () => {
          await (adapter.pool as ClosablePool | undefined)?.closeAll(2_000)
        },
      })
      return adapter
    },
  }
}
