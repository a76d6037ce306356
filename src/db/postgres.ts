import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

const isPostgres = (db: unknown): db is PostgresAdapter =>
  typeof db === 'object' && db !== null && 'drizzle' in db && 'pool' in db

/**
 * Payload's adapter as the PostgreSQL adapter it is, for the few statements Payload has no
 * operation for (one-column writes, advisory locks, the pool's health).
 */
export const postgresOf = (payload: Payload): PostgresAdapter => {
  if (!isPostgres(payload.db)) throw new Error('this CMS runs on the PostgreSQL adapter only')
  return payload.db
}
