import pg from 'pg'

import { countStatement, timeStep } from '../lib/requestContext'
import { isStalePreparedStatement, preparedName, refusePrepared } from './preparedStatements'

/** A statement as the pool takes it: its text and its parameters. */
export type PipelinedStatement = { text: string; params: readonly unknown[] }

/**
 * What a statement answered: its rows as arrays of PostgreSQL's text of each value (null for
 * SQL NULL), and each column's type (its oid), to read the text with.
 */
export type TextResult = { rows: (string | null)[][]; types: number[] }

const keepText = (text: string): string => text

/** Every value as PostgreSQL's text: rows to be recognised before they are taken apart. */
export const textTypes = { getTypeParser: () => keepText }

/** A parameter sent as PostgreSQL's text the way node-postgres sends it; others are refused. */
const paramText = (value: unknown): string | null | undefined =>
  value === null || value === undefined
    ? null
    : typeof value === 'string'
      ? value
      : typeof value === 'number' && Number.isFinite(value)
        ? String(value)
        : undefined

type Connection = {
  /** What node-postgres has prepared on the connection, by name: the same book it keeps. */
  parsedStatements: Record<string, string>
  parse: (message: { text: string; name: string; types: number[] }) => void
  bind: (message: { portal: string; statement: string; values: (string | null)[] }) => void
  describe: (message: { type: 'P'; name: string }) => void
  execute: (message: { portal: string; rows: number }) => void
  sync: () => void
}

/**
 * Statements run one after another on one connection, sent in one write and ended by one Sync
 * (PostgreSQL's extended protocol allows a pipeline): a list's page and its count cost one
 * wake-up of one backend, where two statements side by side cost two, and on this machine a
 * wake-up cost more of the app's CPU than anything else a list does. Each statement gets its
 * rows as text. A statement run again and again is prepared once per connection and run by
 * name, as every other (`preparedStatements.ts`); one that went stale (a migration changed its
 * table) is refused from now on and the pipeline runs once more unnamed. `undefined` when a
 * parameter is not text or a finite number: run those as usual. An error in any statement
 * fails the whole pipeline, and its connection is closed.
 */
export const pipelined = async ({
  pool,
  statements,
}: {
  pool: Pick<pg.Pool, 'connect'>
  statements: readonly PipelinedStatement[]
}): Promise<TextResult[] | undefined> => {
  const values = statements.map((statement) => statement.params.map(paramText))
  if (statements.length === 0 || values.some((list) => list.some((v) => v === undefined)))
    return undefined
  try {
    return await run({ pool, statements, values: values as (string | null)[][] })
  } catch (err) {
    if (!isStalePreparedStatement(err)) throw err
    for (const { text } of statements) refusePrepared(text)
    return run({ pool, statements, values: values as (string | null)[][] })
  }
}

const run = async ({
  pool,
  statements,
  values,
}: {
  pool: Pick<pg.Pool, 'connect'>
  statements: readonly PipelinedStatement[]
  values: (string | null)[][]
}): Promise<TextResult[]> => {
  const sent = statements.map(({ text }, i) => ({
    text,
    name: preparedName(text),
    values: values[i]!,
  }))
  const client = await pool.connect()
  let failed: Error | undefined
  try {
    let connection: Connection | undefined
    // A Query object is no promise to the pool's client, which times only those: timed here.
    const results = await timeStep(
      'sql',
      () =>
        new Promise<pg.QueryResult[]>((resolve, reject) => {
          const query = new pg.Query({
            text: sent[0]!.text,
            rowMode: 'array',
            types: textTypes,
            queryMode: 'extended',
          } as pg.QueryConfig)
          Object.assign(query, {
            callback: (err: Error | null, result: pg.QueryResult | pg.QueryResult[]) =>
              err ? reject(err) : resolve(Array.isArray(result) ? result : [result]),
            // The Query collects one result per statement; its own `prepare` would send one.
            prepare: (to: Connection) => {
              connection = to
              // A text twice in one pipeline is parsed once.
              const parsing = new Set<string>()
              for (const { text, name = '', values } of sent) {
                if (!name || (to.parsedStatements[name] !== text && !parsing.has(name)))
                  to.parse({ text, name, types: [] })
                if (name) parsing.add(name)
                to.bind({ portal: '', statement: name, values })
                to.describe({ type: 'P', name: '' })
                to.execute({ portal: '', rows: 0 })
              }
              to.sync()
            },
          })
          // The pool's client counts one statement a call: the others are counted here.
          for (let i = 1; i < sent.length; i++) countStatement()
          client.query(query)
        }),
    )
    if (results.length !== sent.length)
      throw new Error(`a pipeline of ${sent.length} statements answered ${results.length}`)
    // Prepared now, on this connection: the next run binds them by name.
    for (const { text, name } of sent)
      if (name && connection) connection.parsedStatements[name] = text
    return results.map((result) => ({
      rows: result.rows as TextResult['rows'],
      types: result.fields.map((field) => field.dataTypeID),
    }))
  } catch (err) {
    failed = err instanceof Error ? err : new Error(String(err))
    throw err
  } finally {
    // A connection whose pipeline failed is closed, not reused: what it holds is not known.
    client.release(failed)
  }
}
