import { createRequire } from 'node:module'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

type Drizzle = {
  is: (value: unknown, type: unknown) => boolean
  Column: unknown
  SQL: unknown
  Table: unknown
  sql: (strings: TemplateStringsArray) => unknown
}
type PgCore = {
  pgTable: (name: string, columns: Record<string, unknown>) => Record<string, unknown>
  integer: (name: string) => unknown
  PgColumn: unknown
}

/** The two copies of drizzle-orm Payload's adapters bring, as each loads its own. */
const copyOf = (owner: string): { orm: Drizzle; pg: PgCore } => {
  const load = createRequire(path.join(process.cwd(), 'node_modules', owner, 'package.json'))
  return { orm: load('drizzle-orm') as Drizzle, pg: load('drizzle-orm/pg-core') as PgCore }
}

/**
 * `patches/@payloadcms+*+drizzle-orm+*.patch`: drizzle's `is` walked a value's class chain on
 * every check that `instanceof` missed, for every chunk of every statement it built (7% of a
 * create's CPU). Each class's kinds are now found once; the answers must not change, across
 * the two copies too (which is why drizzle compares kinds, not classes).
 */
describe("drizzle's entity check, patched", () => {
  const a = copyOf('@payloadcms/drizzle')
  const b = copyOf('@payloadcms/db-postgres')
  const table = a.pg.pgTable('t', { id: a.pg.integer('id') })
  const column = table.id

  it('answers as the class chain says, asked once or again', () => {
    for (let round = 0; round < 2; round++) {
      expect(a.orm.is(column, a.orm.Column)).toBe(true)
      expect(a.orm.is(column, a.pg.PgColumn)).toBe(true)
      expect(a.orm.is(column, a.orm.SQL)).toBe(false)
      expect(a.orm.is(table, a.orm.Table)).toBe(true)
      expect(a.orm.is(a.orm.sql`x`, a.orm.SQL)).toBe(true)
      expect(a.orm.is({}, a.orm.SQL)).toBe(false)
      expect(a.orm.is(null, a.orm.SQL)).toBe(false)
    }
  })

  it("recognises the other copy's entities by kind", () => {
    expect(b.orm).not.toBe(a.orm)
    expect(b.orm.is(column, b.orm.Column)).toBe(true)
    expect(b.orm.is(column, b.pg.PgColumn)).toBe(true)
    expect(b.orm.is(column, b.orm.SQL)).toBe(false)
    expect(a.orm.is(b.orm.sql`x`, a.orm.SQL)).toBe(true)
  })
})
