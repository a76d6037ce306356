import { describe, expect, it } from 'vitest'

import { isStalePreparedStatement, preparedName, refusePrepared } from './preparedStatements'

describe('preparedName', () => {
  it('gives one text one name, and another text another', () => {
    const a = preparedName('SELECT 1 FROM "events" WHERE "id" = $1')
    expect(a).toMatch(/^cms_read_\d+$/)
    expect(preparedName('SELECT 1 FROM "events" WHERE "id" = $1')).toBe(a)
    expect(preparedName('SELECT 2 FROM "events" WHERE "id" = $1')).not.toBe(a)
  })

  it('runs a refused text unnamed from then on', () => {
    const text = 'SELECT "title" FROM "works" LIMIT 1'
    expect(preparedName(text)).toBeDefined()
    refusePrepared(text)
    expect(preparedName(text)).toBeUndefined()
  })

  it('names at most 500 texts: past them a text runs unnamed', () => {
    for (let i = 0; i < 600; i++) preparedName(`SELECT ${i} AS "bound"`)
    expect(preparedName('SELECT 1000 AS "bound"')).toBeUndefined()
    // Those named before the bound keep their names.
    expect(preparedName('SELECT 1 FROM "events" WHERE "id" = $1')).toMatch(/^cms_read_\d+$/)
  })

  it("knows PostgreSQL's refusal of a plan whose tables changed shape", () => {
    expect(isStalePreparedStatement({ code: '0A000' })).toBe(true)
    expect(isStalePreparedStatement({ code: '42P01' })).toBe(false)
    expect(isStalePreparedStatement(new Error('x'))).toBe(false)
  })
})
