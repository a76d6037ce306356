import { describe, expect, it } from 'vitest'

import { isStalePreparedStatement, preparedName, refusePrepared } from './preparedStatements'

/** The name a text gets on its third run, the first two running unnamed. */
const thirdRun = (text: string) => [preparedName(text), preparedName(text), preparedName(text)]

describe('preparedName', () => {
  it('names a text from its third run: a one-off statement is never kept', () => {
    const [first, second, third] = thirdRun('SELECT 1 FROM "events" WHERE "id" = $1')
    expect(first).toBeUndefined()
    expect(second).toBeUndefined()
    expect(third).toMatch(/^cms_statement_\d+$/)
    expect(preparedName('SELECT 1 FROM "events" WHERE "id" = $1')).toBe(third)
    expect(thirdRun('SELECT 2 FROM "events" WHERE "id" = $1')[2]).not.toBe(third)
  })

  it('runs a refused text unnamed from then on', () => {
    const text = 'SELECT "title" FROM "works" LIMIT 1'
    expect(thirdRun(text)[2]).toBeDefined()
    refusePrepared(text)
    expect(preparedName(text)).toBeUndefined()
  })

  it('names at most 200 texts: past them a text runs unnamed', () => {
    for (let i = 0; i < 300; i++) thirdRun(`SELECT ${i} AS "bound"`)
    expect(thirdRun('SELECT 1000 AS "bound"')[2]).toBeUndefined()
    // Those named before the bound keep their names.
    expect(preparedName('SELECT 1 FROM "events" WHERE "id" = $1')).toMatch(/^cms_statement_\d+$/)
  })

  it("knows PostgreSQL's refusal of a plan whose tables changed shape", () => {
    expect(isStalePreparedStatement({ code: '0A000' })).toBe(true)
    expect(isStalePreparedStatement({ code: '42P01' })).toBe(false)
    expect(isStalePreparedStatement(new Error('x'))).toBe(false)
  })
})
