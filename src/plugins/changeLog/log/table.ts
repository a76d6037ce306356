import type { PostgresAdapterArgs } from '@payloadcms/db-postgres'
import {
  bigint,
  bigserial,
  boolean,
  index,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from '@payloadcms/db-postgres/drizzle/pg-core'

/**
 * One row per change of a partner kind's record, written in the transaction of the change
 * itself: a rolled-back write leaves none, a committed one always has its row.
 */
export const changeLog = pgTable(
  'change_log',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    tenantId: uuid('tenant_id').notNull(),
    kind: varchar('kind', { length: 64 }).notNull(),
    recordId: varchar('record_id', { length: 64 }).notNull(),
    event: varchar('event', { length: 16 }).notNull(),
    /** Drafts only changed: left out of the feed and webhooks unless they ask for drafts. */
    draft: boolean('draft').notNull().default(false),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    actorType: varchar('actor_type', { length: 8 }).notNull(),
    actorId: varchar('actor_id', { length: 64 }),
    fields: text('fields').array().notNull(),
  },
  (table) => [
    index('change_log_tenant_seq_idx').on(table.tenantId, table.seq),
    // The retention job deletes by age.
    index('change_log_at_idx').on(table.at),
  ],
)

/**
 * Per tenant, the highest sequence the retention job removed: a cursor below it has missed
 * entries and must resynchronise (410).
 */
export const changeLogHorizon = pgTable('change_log_horizon', {
  tenantId: uuid('tenant_id').primaryKey(),
  throughSeq: bigint('through_seq', { mode: 'number' }).notNull(),
})

type SchemaHook = NonNullable<PostgresAdapterArgs['beforeSchemaInit']>[number]

/** Adds the tables to Payload's schema, so both `push` and the migrations know them. */
export const addChangeLogTables: SchemaHook = ({ schema }) => ({
  ...schema,
  tables: { ...schema.tables, change_log: changeLog, change_log_horizon: changeLogHorizon },
})
