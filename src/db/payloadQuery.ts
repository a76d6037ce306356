import { buildQuery, type BuildQueryJoinAliases, type DrizzleAdapter } from '@payloadcms/drizzle'
import type { SQL, Table } from '@payloadcms/db-postgres/drizzle'
import {
  appendVersionToQueryKey,
  buildVersionCollectionFields,
  combineQueries,
  getQueryDraftsSort,
  type CollectionSlug,
  type FlattenedField,
  type Payload,
  type Where,
} from 'payload'

import { collectionTableName, postgresOf } from './postgres'

const isDrizzle = (db: unknown): db is DrizzleAdapter =>
  typeof db === 'object' && db !== null && 'tables' in db && 'drizzle' in db

/**
 * Payload's PostgreSQL adapter as the drizzle adapter its query builder takes: the same object
 * (Payload's own `find` passes it so), whose declared types do not meet (PostgreSQL's narrows
 * the transaction `countDistinct` takes).
 */
const drizzleOf = (payload: Payload): DrizzleAdapter => {
  const db: unknown = postgresOf(payload)
  if (!isDrizzle(db)) throw new Error('payloadQuery: not a drizzle adapter')
  return db
}

export type PayloadQuery = {
  /** The adapter's key of the table read. */
  tableName: string
  where: SQL | undefined
  orderBy: ReturnType<typeof buildQuery>['orderBy']
  /** Tables the conditions reach into (has-many rows, relationships); none for one table. */
  joins: BuildQueryJoinAliases
}

const versionFields = new WeakMap<object, FlattenedField[]>()

/** The fields of a collection's versions table, as Payload's `queryDrafts` reads them. */
const fieldsOfVersions = ({
  payload,
  collection,
}: {
  payload: Payload
  collection: CollectionSlug
}): FlattenedField[] => {
  const config = payload.collections[collection].config
  let fields = versionFields.get(config)
  if (!fields) {
    fields = buildVersionCollectionFields(payload.config, config, true)
    versionFields.set(config, fields)
  }
  return fields
}

/**
 * A `where` and a sort as SQL over a collection's table, made by Payload's own query builder,
 * so each operator, column and path means what it means in Payload's `find`. With `versions`,
 * over the latest row of each record in its versions table, as Payload's `queryDrafts` asks
 * (paths under `version`, the id as `parent`). `aliasTable`: the table under another name in a
 * statement of its own.
 */
export const payloadQuery = ({
  payload,
  collection,
  versions = false,
  where,
  sort,
  aliasTable,
}: {
  payload: Payload
  collection: CollectionSlug
  versions?: boolean
  where: Where
  sort?: string[]
  aliasTable?: Table
}): PayloadQuery => {
  const tableName = collectionTableName({ payload, collection, versions })
  if (!tableName) throw new Error(`payloadQuery: no table for ${collection}`)
  const collectionConfig = payload.collections[collection].config
  const built = buildQuery({
    adapter: drizzleOf(payload),
    fields: versions ? fieldsOfVersions({ payload, collection }) : collectionConfig.flattenedFields,
    tableName,
    where: versions
      ? combineQueries({ latest: { equals: true } }, appendVersionToQueryKey(where))
      : where,
    ...(sort ? { sort: versions ? getQueryDraftsSort({ collectionConfig, sort }) : sort } : {}),
    ...(aliasTable ? { aliasTable } : {}),
  })
  return { tableName, where: built.where, orderBy: built.orderBy, joins: built.joins }
}
