import type { PostgresAdapterArgs } from '@payloadcms/db-postgres'
import { integer, pgTable, text, timestamp } from '@payloadcms/db-postgres/drizzle/pg-core'

/**
 * Request counters of the partner API, one row per key and minute. They live in the database,
 * not in memory, so several app instances behind a load balancer share one limit.
 */
export const partnerRateLimits = pgTable('partner_rate_limits', {
  // One column as the key: Payload's development push cannot read back a composite primary key.
  bucket: text('bucket').primaryKey(),
  keyId: text('key_id').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'string' }).notNull(),
  count: integer('count').notNull().default(0),
})

type SchemaHook = NonNullable<PostgresAdapterArgs['beforeSchemaInit']>[number]

/** Adds the table to Payload's schema, so both `push` and the migrations know it. */
export const addRateLimitTable: SchemaHook = ({ schema }) => ({
  ...schema,
  tables: { ...schema.tables, partner_rate_limits: partnerRateLimits },
})
