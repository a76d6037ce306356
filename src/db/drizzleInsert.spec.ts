import { createRequire } from 'node:module'
import path from 'node:path'

import pg from 'pg'
import { describe, expect, it } from 'vitest'

type Values = Record<string, unknown>
type Prepared = { rawQueryConfig: { text: string }; params: unknown[] }
type Insert = {
  values: (values: Values | Values[]) => {
    returning: () => { _prepare: () => Prepared; toSQL: () => { sql: string; params: unknown[] } }
  }
}
type Column = { defaultRandom: () => Column; primaryKey: () => Column }
type PgCore = {
  pgTable: (name: string, columns: Record<string, unknown>) => object
  uuid: (name: string) => Column
  varchar: (name: string) => unknown
  jsonb: (name: string) => unknown
  integer: (name: string) => unknown
  timestamp: (name: string, options: object) => unknown
}

/** The copy of drizzle-orm Payload's Postgres adapter brings, which its inserts run through. */
const load = createRequire(
  path.join(process.cwd(), 'node_modules', '@payloadcms/db-postgres', 'package.json'),
)
const core = load('drizzle-orm/pg-core') as PgCore
const { sql } = load('drizzle-orm') as { sql: (s: TemplateStringsArray) => unknown }
const { drizzle } = load('drizzle-orm/node-postgres') as {
  drizzle: (options: { client: pg.Pool }) => { insert: (table: object) => Insert }
}

/**
 * `patches/@payloadcms+db-postgres++drizzle-orm+*.patch`: an insert's text is made once for
 * each table and shape, not built from sixty columns' chunks on every insert. What is sent
 * must be what drizzle would have built.
 */
describe("drizzle's inserts, patched", () => {
  const shows = core.pgTable('shows', {
    id: core.uuid('id').defaultRandom().primaryKey(),
    title: core.varchar('title'),
    facts: core.jsonb('facts'),
    seats: core.integer('seats'),
    at: core.timestamp('at', { mode: 'string', withTimezone: true }),
  })
  // Never connects: a statement is only prepared, not run.
  const db = drizzle({ client: new pg.Pool({ max: 1 }) }) as ReturnType<typeof drizzle> & {
    dialect: { sqlToQuery: (...args: unknown[]) => unknown }
  }
  const insert = (values: Values | Values[]) => db.insert(shows).values(values).returning()

  it('sends the text drizzle builds, made once for a shape, with this insert’s values', () => {
    const first = insert({ title: 'One', facts: { a: [1] }, seats: 10, at: '2030-01-01T19:30:00Z' })
    const second = insert({ title: 'Two', facts: null, seats: 0, at: '2030-01-02T19:30:00Z' })
    for (const made of [first, second]) {
      const prepared = made._prepare()
      const built = made.toSQL()
      expect(prepared.rawQueryConfig.text).toBe(built.sql)
      expect(prepared.params).toEqual(built.params)
    }
    expect(second._prepare().params).toEqual(['Two', null, 0, '2030-01-02T19:30:00Z'])
  })

  it('says a missing value as the column default, whatever the shape before it', () => {
    insert({ title: 'Three', seats: 1 })._prepare()
    const partial = insert({ seats: 2 })
    expect(partial._prepare().rawQueryConfig.text).toBe(partial.toSQL().sql)
    expect(partial._prepare().rawQueryConfig.text).toMatch(
      /values \(default, default, default, \$1, default\)/,
    )
    expect(partial._prepare().params).toEqual([2])
  })

  it('builds a shape it has said before no more', () => {
    insert({ title: 'Four', seats: 5 })._prepare()
    const { dialect } = db
    const original = dialect.sqlToQuery
    let built = 0
    dialect.sqlToQuery = (...args: unknown[]) => {
      built++
      return original.apply(dialect, args)
    }
    try {
      expect(insert({ title: 'Five', seats: 6 })._prepare().params).toEqual(['Five', 6])
      expect(built).toBe(0)
      insert({ title: 'Six', facts: {} })._prepare()
      expect(built).toBe(1)
    } finally {
      dialect.sqlToQuery = original
    }
  })

  it('builds an insert with an SQL value, or of several rows, as drizzle does', () => {
    const withSql = insert({ title: sql`upper('x')`, seats: 3 })
    expect(withSql._prepare().rawQueryConfig.text).toBe(withSql.toSQL().sql)
    expect(withSql._prepare().rawQueryConfig.text).toContain("upper('x')")
    const rows = insert([{ title: 'A' }, { title: 'B', seats: 4 }])
    expect(rows._prepare().rawQueryConfig.text).toBe(rows.toSQL().sql)
    expect(rows._prepare().params).toEqual(['A', 'B', 4])
  })
})
