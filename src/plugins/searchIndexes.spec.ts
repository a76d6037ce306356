import { SQL } from '@payloadcms/db-postgres/drizzle'
import {
  PgDialect,
  getTableConfig,
  pgTable,
  text,
  varchar,
} from '@payloadcms/db-postgres/drizzle/pg-core'
import { describe, expect, it } from 'vitest'

import { searchIndexesOf } from './searchIndexes'

const dialect = new PgDialect()

/** A table as Payload builds it for a searchable collection, with the indexes declared on it. */
const indexed = ({ name, versions }: { name: string; versions: boolean }) => {
  const prefix = versions ? 'version_' : ''
  const columns = {
    [`${prefix}searchText`]: text(`${prefix}search_text`),
    [`${prefix}searchLanguage`]: varchar(`${prefix}search_language`),
  }
  const bare = pgTable(name, columns)
  const indexes = searchIndexesOf({ name, table: bare, versions })
  const table = pgTable(name, columns, () => Object.values(indexes ?? {}))
  return getTableConfig(table).indexes.map((index) => ({
    name: index.config.name,
    method: index.config.method,
    on: index.config.columns.map((c) =>
      c instanceof SQL ? dialect.sqlToQuery(c).sql : 'a column',
    ),
    where: index.config.where ? dialect.sqlToQuery(index.config.where).sql : undefined,
  }))
}

describe('the search indexes of a searchable table', () => {
  it('are one over every row and one per stemmed language, as the queries write them', () => {
    const indexes = indexed({ name: 'works', versions: false })
    expect(indexes).toHaveLength(9)
    expect(indexes[0]).toEqual({
      name: 'works_search_text_fts_idx',
      method: 'gin',
      on: [`to_tsvector('simple', coalesce("search_text", ''))`],
      where: undefined,
    })
    expect(indexes.find((i) => i.name === 'works_search_french_idx')).toEqual({
      name: 'works_search_french_idx',
      method: 'gin',
      on: [`to_tsvector('french', coalesce("search_text", ''))`],
      where: `"search_language" = 'french'`,
    })
  })

  it('cover only the latest rows of a versions table', () => {
    const indexes = indexed({ name: '_events_v', versions: true })
    expect(indexes.map((i) => i.where)).toContain(`"latest"`)
    expect(indexes.find((i) => i.name === '_events_v_search_german_idx')?.where).toBe(
      `"version_search_language" = 'german' AND "latest"`,
    )
  })

  it('are none for a table without the search columns', () => {
    expect(
      searchIndexesOf({ name: 'x', table: pgTable('x', { a: text('a') }), versions: false }),
    ).toBeUndefined()
  })
})
