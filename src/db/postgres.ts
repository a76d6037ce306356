import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { getTableColumns } from '@payloadcms/db-postgres/drizzle'
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

/**
 * The table Payload's adapter keeps a collection in, or its versions table, from the adapter's
 * own map (so a collection's `dbName` holds). The map is keyed by the snake-cased slug; our
 * slugs are kebab-case, whose snake case is the same words joined by underscores.
 */
export const collectionTableName = ({
  payload,
  collection,
  versions = false,
}: {
  payload: Payload
  collection: string
  versions?: boolean
}): string | undefined => {
  const db = postgresOf(payload)
  const snake = collection.replaceAll('-', '_')
  return db.tableNameMap.get(versions ? `_${snake}${db.versionsSuffix}` : snake)
}

type Column = { name: string }

/** A collection's table (or versions table) as the adapter built it, and its columns. */
export type CollectionTable = {
  /** Unquoted. */
  name: string
  /** Drizzle's columns by key: a field's key in a versions table has `version_` before it. */
  columns: Record<string, Column>
  /** The column of a field, in the record's table or in its versions. */
  field: (name: string) => string | undefined
}

export const collectionTable = ({
  payload,
  collection,
  versions = false,
}: {
  payload: Payload
  collection: string
  versions?: boolean
}): CollectionTable | undefined => {
  const name = collectionTableName({ payload, collection, versions })
  const table = name ? postgresOf(payload).tables[name] : undefined
  if (!name || !table) return undefined
  const columns: Record<string, Column> = getTableColumns(table)
  return {
    name,
    columns,
    field: (field) => columns[versions ? `version_${field}` : field]?.name,
  }
}
