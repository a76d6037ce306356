import type { PostgresAdapterArgs } from '@payloadcms/db-postgres'
import {
  boolean,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from '@payloadcms/db-postgres/drizzle/pg-core'

/**
 * What each synced record was last synced from: one row per (connection, kind, provider id),
 * naming the CMS record, the hash of the provider's data it was written from (so an unchanged
 * rerun writes nothing) and whether the sync itself hid it (cancelled or vanished: the sync may
 * show it again; an editor's own `hidden` is never undone). Rows go with their record (the
 * plugin's afterDelete hooks) and with their connection (`dropLinksOfConnection`).
 */
export const ticketingLinks = pgTable(
  'ticketing_links',
  {
    tenantId: uuid('tenant_id').notNull(),
    connectionId: varchar('connection_id', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 32 }).notNull(),
    externalId: varchar('external_id', { length: 200 }).notNull(),
    localId: varchar('local_id', { length: 64 }).notNull(),
    sourceHash: text('source_hash').notNull(),
    hiddenBySync: boolean('hidden_by_sync').notNull().default(false),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    uniqueIndex('ticketing_links_key_idx').on(table.connectionId, table.kind, table.externalId),
    index('ticketing_links_local_idx').on(table.localId),
    index('ticketing_links_tenant_idx').on(table.tenantId),
  ],
)

type SchemaHook = NonNullable<PostgresAdapterArgs['beforeSchemaInit']>[number]

/** Adds the table to Payload's schema, so both `push` and the migrations know it. */
export const addTicketingTables: SchemaHook = ({ schema }) => ({
  ...schema,
  tables: { ...schema.tables, ticketing_links: ticketingLinks },
})
