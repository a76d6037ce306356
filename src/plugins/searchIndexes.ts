import type { PostgresAdapterArgs } from '@payloadcms/db-postgres'
import { getTableColumns, sql } from '@payloadcms/db-postgres/drizzle'
import { index } from '@payloadcms/db-postgres/drizzle/pg-core'

import { collectionsDeclaring } from '../collections/facts'
import { searchLanguages } from '../lib/searchLanguages'
import { searchLanguageField, searchTextField } from './search'

type SchemaHook = NonNullable<PostgresAdapterArgs['afterSchemaInit']>[number]
type Table = Parameters<typeof getTableColumns>[0]

/** The languages that stem: each has a partial index of its own; `simple` reads the whole one. */
const stemmed = searchLanguages.map(({ value }) => value).filter((value) => value !== 'simple')

/**
 * The full-text indexes of one searchable table: the `simple` one over every row, and one per
 * stemmed language over the rows in that language. A versions table indexes its latest rows
 * only, which are the ones a draft read searches. The expressions are the ones the partner
 * API's `search` writes in its conditions, so PostgreSQL uses them.
 */
export const searchIndexesOf = ({
  name,
  table,
  versions,
}: {
  name: string
  table: Table
  versions: boolean
}): Record<string, ReturnType<typeof index>> | undefined => {
  const columns = getTableColumns(table)
  const prefix = versions ? 'version_' : ''
  const text = columns[`${prefix}${searchTextField}`]?.name
  const language = columns[`${prefix}${searchLanguageField}`]?.name
  if (!text || !language) return undefined
  const latest = versions ? sql` AND "latest"` : sql``
  const vector = (config: string) =>
    sql`to_tsvector(${sql.raw(`'${config}'`)}, coalesce(${sql.identifier(text)}, ''))`
  const allName = `${name}_search_text_fts_idx`
  const all = index(allName).using('gin', vector('simple'))
  return Object.fromEntries([
    [allName, versions ? all.where(sql`"latest"`) : all],
    ...stemmed.map((config) => {
      const indexName = `${name}_search_${config}_idx`
      return [
        indexName,
        index(indexName)
          .using('gin', vector(config))
          .where(sql`${sql.identifier(language)} = ${sql.raw(`'${config}'`)}${latest}`),
      ]
    }),
  ])
}

/**
 * Declares the search indexes in the schema Payload's adapter builds, for every collection that
 * declares `searchable` and its versions table: `migrate:create` writes them for a new
 * searchable collection, and a pushed schema (`npm run dev`) has them.
 */
export const declareSearchIndexes: SchemaHook = ({ adapter, schema, extendTable }) => {
  const slugs = collectionsDeclaring({
    collections: adapter.payload.config.collections,
    fact: 'searchable',
  })
  for (const slug of slugs) {
    const snake = slug.replaceAll('-', '_')
    for (const versions of [false, true]) {
      const name = adapter.tableNameMap.get(versions ? `_${snake}${adapter.versionsSuffix}` : snake)
      const table = name ? schema.tables[name] : undefined
      const indexes = name && table ? searchIndexesOf({ name, table, versions }) : undefined
      if (table && indexes) extendTable({ table, extraConfig: () => indexes })
    }
  }
  return schema
}
