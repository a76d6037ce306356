import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { pipelined } from '../../src/db/pipeline'
import { postgresOf } from '../../src/db/postgres'
import { runInRequest, type RequestContext } from '../../src/lib/requestContext'
import { getTestPayload } from '../helpers/payload'

/**
 * Statements sent together on one connection (`src/db/pipeline.ts`), against the test
 * database: each answers its own rows as text, a failure in any fails the whole and leaves the
 * pool as it was, and what cannot be sent as text is left to the usual path.
 */
let payload: Payload
const pool = () => postgresOf(payload).pool

beforeAll(async () => {
  payload = await getTestPayload()
})

describe('pipelined statements', () => {
  it("counts its statements and their time in the request's sql step, as pool.query's", async () => {
    const timed = (): RequestContext => ({ id: 'timed', clientAddress: '127.0.0.1', steps: {} })
    const pipeline = timed()
    await runInRequest(pipeline, () =>
      pipelined({
        pool: pool(),
        statements: [
          { text: 'SELECT pg_sleep($1::float8)', params: [0.02] },
          { text: 'SELECT pg_sleep($1::float8)', params: [0.02] },
        ],
      }),
    )
    expect(pipeline.statements).toBe(2)
    // Both ran one after the other on one connection: at least 40 ms of the request waited.
    expect(pipeline.steps?.sql).toBeGreaterThanOrEqual(40)
    // pg-pool's own query answers a callback, which is timed as a promise's answer is.
    const pooled = timed()
    await runInRequest(pooled, () => pool().query('SELECT pg_sleep(0.02)'))
    expect(pooled.statements).toBe(1)
    expect(pooled.steps?.sql).toBeGreaterThanOrEqual(20)
  })

  it('answers each statement’s rows as text, with its columns’ types', async () => {
    const results = await pipelined({
      pool: pool(),
      statements: [
        {
          text: 'SELECT g, g::text || $1, g > 1, NULL::int FROM generate_series(1, $2::int) g',
          params: ['x', 3],
        },
        { text: 'SELECT count(*) FROM generate_series(1, $1::int)', params: [7] },
        { text: 'SELECT 1 WHERE $1::text IS NULL', params: [null] },
      ],
    })
    expect(results?.map((result) => result.rows)).toEqual([
      [
        ['1', '1x', 'f', null],
        ['2', '2x', 't', null],
        ['3', '3x', 't', null],
      ],
      [['7']],
      [['1']],
    ])
    // int4, text, bool, int4; then int8 (a count).
    expect(results?.[0]?.types).toEqual([23, 25, 16, 23])
    expect(results?.[1]?.types).toEqual([20])
  })

  it('answers an empty page beside its count', async () => {
    const results = await pipelined({
      pool: pool(),
      statements: [
        { text: 'SELECT g FROM generate_series(1, 3) g LIMIT $1 OFFSET $2', params: [10, 50] },
        { text: 'SELECT count(*) FROM generate_series(1, $1::int)', params: [3] },
      ],
    })
    expect(results?.map((result) => result.rows)).toEqual([[], [['3']]])
  })

  it('fails whole when one statement fails, and the pool goes on answering', async () => {
    const idleBefore = pool().totalCount
    await expect(
      pipelined({
        pool: pool(),
        statements: [
          { text: 'SELECT $1::int', params: [1] },
          { text: 'SELECT 1 / $1::int', params: [0] },
        ],
      }),
    ).rejects.toThrow(/division by zero/)
    expect(pool().totalCount).toBeLessThanOrEqual(idleBefore)
    const after = await pipelined({
      pool: pool(),
      statements: [{ text: 'SELECT $1::text', params: ['still here'] }],
    })
    expect(after?.[0]?.rows).toEqual([['still here']])
    const { rows } = await pool().query('SELECT 2 AS two')
    expect(rows).toEqual([{ two: 2 }])
  })

  it('runs a statement twice in one pipeline, again and again, once it is prepared by name', async () => {
    const twice = { text: 'SELECT $1::int * 2 AS doubled_in_a_pipeline', params: [21] }
    for (let run = 0; run < 4; run++) {
      const results = await pipelined({ pool: pool(), statements: [twice, twice] })
      expect(results?.map((result) => result.rows)).toEqual([[['42']], [['42']]])
    }
  })

  it('leaves to the usual path what it would not send as text', async () => {
    for (const param of [new Date(), { a: 1 }, true, Number.NaN, 10n])
      expect(
        await pipelined({ pool: pool(), statements: [{ text: 'SELECT $1', params: [param] }] }),
      ).toBeUndefined()
  })
})
