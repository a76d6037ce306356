import { sql, type SQL } from '@payloadcms/db-postgres/drizzle'
import { PgDialect } from '@payloadcms/db-postgres/drizzle/pg-core'
import { randomUUID } from 'node:crypto'

import type { Payload, Where } from 'payload'

import { both, readScope, withinScope } from '../../../access/readScope'
import { payloadQuery } from '../../../db/payloadQuery'
import { pipelined, textTypes, type TextResult } from '../../../db/pipeline'
import { onReadPool, readPool } from '../../../db/readReplicas'
import type { PartnerPrincipal } from '../keys/authorize'
import type { Kind } from '../kinds/model'
import { readTypes } from './readTypes'
import { readFromRow, recall, rowKey } from '../records/remembered'
import { versionFilter, type ReadVersion } from './version'
import type { PlannedColumn, ReadPlan } from './plan'

const valueOf = (column: PlannedColumn, raw: unknown): unknown => {
  if (raw === null || raw === undefined) return null
  // `readTypes` gives an instant in UTC as its ISO text already, any other form as a Date.
  if (column.kind === 'date' && raw instanceof Date) return raw.toISOString()
  if (column.kind === 'number' && typeof raw === 'string') return Number.parseFloat(raw)
  return raw
}

/**
 * A row of the plan's SELECT list as the document Payload's `find` gives at depth 0 with the
 * kind's `select`. Plain loops: it runs for every row of every page.
 */
export const documentOf = (plan: ReadPlan, row: unknown[]): Record<string, unknown> => {
  const doc: Record<string, unknown> = { id: row[0] }
  const { columns } = plan
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i]!
    const { path } = column
    let at = doc
    for (let depth = 0; depth < path.length - 1; depth++) {
      const name = path[depth]!
      const inner = at[name]
      const next: Record<string, unknown> =
        inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {}
      at[name] = next
      at = next
    }
    at[path[path.length - 1]!] = valueOf(column, row[i + 1])
  }
  return doc
}

/**
 * A statement as the pool takes it. The pool's clients name it once it runs again and again,
 * and run it unnamed again if a migration made its prepared form stale (`db/resilientPg.ts`).
 */
type Statement = { text: string; params: unknown[] }

const dialect = new PgDialect()

/** The rows of a statement, each as its values in the order selected, from a replica if allowed. */
export const rowsOf = async ({
  payload,
  statement,
}: {
  payload: Payload
  statement: Statement
}): Promise<unknown[][]> =>
  (
    await readPool(payload).query<unknown[]>({
      text: statement.text,
      values: statement.params,
      rowMode: 'array',
      types: readTypes,
    })
  ).rows

/** A number for each plan, naming it in a row's key: a plan is one SELECT list. */
const planNumbers = new WeakMap<ReadPlan, number>()
let plansNumbered = 0
const planNumber = (plan: ReadPlan): number => {
  let found = planNumbers.get(plan)
  if (found === undefined) planNumbers.set(plan, (found = ++plansNumbered))
  return found
}

/**
 * The documents of a statement's rows read as text, each recognised by its text first: a row
 * whose record is remembered (`records/remembered.ts`) gives that record's document and is
 * not taken apart again; any other is read as `rowsOf` reads it and marked for remembering.
 */
const recognisedDocuments = ({
  plan,
  result,
  recognised = true,
}: {
  plan: ReadPlan
  result: TextResult
  /** `false`: every row is taken apart, none recognised or marked. */
  recognised?: boolean
}): Record<string, unknown>[] => {
  const number = planNumber(plan)
  let parsers: ((text: string) => unknown)[] | undefined
  return result.rows.map((row) => {
    const key = recognised ? rowKey({ plan: number, row }) : undefined
    const known = key === undefined ? undefined : recall({ key, row })
    if (known) return known.doc as Record<string, unknown>
    parsers ??= result.types.map(
      (type) => readTypes.getTypeParser(type, 'text') as (text: string) => unknown,
    )
    const doc = documentOf(
      plan,
      row.map((value, i) => (value === null ? null : parsers![i]!(value))),
    )
    if (key !== undefined) readFromRow({ doc, key, row })
    return doc
  })
}

/** A statement's rows as text, with its columns' types (`recognisedDocuments`). */
const textRowsOf = async ({
  payload,
  statement,
}: {
  payload: Payload
  statement: Statement
}): Promise<TextResult> => {
  const result = await readPool(payload).query<(string | null)[]>({
    text: statement.text,
    values: statement.params,
    rowMode: 'array',
    types: textTypes,
  })
  return { rows: result.rows, types: result.fields.map((field) => field.dataTypeID) }
}

/** Statements a plan keeps, by what they say; past it they are made again. */
const statementsPerPlan = 1_000

type Remembered<T> = WeakMap<ReadPlan, Map<string, { made: T }>>

/**
 * What `make` gives for `key` (the scope, filter and sort a statement says), made once per plan
 * and key: Payload's query builder costs more than a retrieve's query, and a site asks the
 * same few questions again and again. The scope is part of the key, so a change to what the
 * read access answers makes another statement.
 */
const remembered = <T>({
  store,
  plan,
  key,
  make,
}: {
  store: Remembered<T>
  plan: ReadPlan
  key: string
  make: () => T
}): T => {
  let byKey = store.get(plan)
  if (!byKey) store.set(plan, (byKey = new Map()))
  const found = byKey.get(key)
  if (found) return found.made
  if (byKey.size >= statementsPerPlan) byKey.clear()
  const made = make()
  byKey.set(key, { made })
  return made
}

const pages: Remembered<{ page: Statement; count: Statement } | undefined> = new WeakMap()
const ones: Remembered<Statement | undefined> = new WeakMap()

/** What every read of the plan asks: the principal's read access, the version, the filter. */
export type Scoped = {
  payload: Payload
  plan: ReadPlan
  kind: Kind
  version: ReadVersion
  principal: PartnerPrincipal
}

/**
 * What the principal may read of the plan's collection (its read access: the tenant rule),
 * and how a filter within it and in the version read is said: `from` (the table and the
 * conditions) and `order` as Payload's query builder says them, or `undefined` when they reach
 * past the plan's table (Payload reads those).
 */
export const scoped = async ({ payload, plan, kind, version, principal }: Scoped) => {
  const scope = await readScope({ payload, collection: plan.collection, user: principal.user })
  if (scope === false) return false
  const filter = versionFilter({ kind, version }).where
  const say = ({ where, sort }: { where: Where | undefined; sort?: string[] }) => {
    const query = payloadQuery({
      payload,
      collection: plan.collection,
      versions: plan.versions,
      where: withinScope({ scope, where: both(where, filter) }) ?? {},
      ...(sort ? { sort } : {}),
    })
    if (query.joins.length > 0) return undefined
    const from = sql`FROM ${sql.identifier(query.tableName)} WHERE ${query.where ?? sql`TRUE`}`
    const order = sql.join(
      query.orderBy.map(({ column, order }) => order(column)),
      sql`, `,
    )
    return { from, order }
  }
  return { scope, say }
}

export const render = (statement: SQL): Statement => {
  const { sql: text, params } = dialect.sqlToQuery(statement)
  return { text, params }
}

export type SqlPage = { docs: Record<string, unknown>[]; totalDocs: number }

/**
 * One page of the principal's records and the count of the whole list, as two statements side
 * by side. `undefined` when a condition reaches past the plan's table: Payload reads it then.
 */
export const readPage = async ({
  where,
  countWhere,
  sort,
  limit,
  offset,
  counted = true,
  recognised = false,
  ...args
}: Scoped & {
  /** What the page holds; `countWhere` what the total counts (the whole list, for a cursor). */
  where?: Where
  countWhere?: Where
  sort: string
  limit: number
  offset: number
  /** `false`: no count statement; `totalDocs` is the page's. */
  counted?: boolean
  /**
   * Rows recognised by their text (`recognisedDocuments`): for answers whose records nothing changes
   * after they are made.
   */
  recognised?: boolean
}): Promise<SqlPage | undefined> => {
  const { plan, payload } = args
  const reading = await scoped(args)
  if (reading === false) return { docs: [], totalDocs: 0 }
  const made = remembered({
    store: pages,
    plan,
    key: JSON.stringify([reading.scope, where ?? null, countWhere ?? null, sort]),
    make: () => {
      // The id breaks ties, as in Payload's reads (`payloadPage`).
      const sorted = [sort, `${sort.startsWith('-') ? '-' : ''}id`]
      const page = reading.say({ where, sort: sorted })
      const counted = where === countWhere ? page : reading.say({ where: countWhere })
      if (!page || !counted) return undefined
      const ordered = render(
        sql`SELECT ${sql.raw(plan.selectList)} ${page.from} ORDER BY ${page.order}`,
      )
      const bounds = ordered.params.length
      return {
        page: {
          text: `${ordered.text} LIMIT $${bounds + 1} OFFSET $${bounds + 2}`,
          params: ordered.params,
        },
        count: render(sql`SELECT count(*) ${counted.from}`),
      }
    },
  })
  if (!made) return undefined
  const statement = { ...made.page, params: [...made.page.params, limit, offset] }
  // The page and its count go in one pipeline, their rows as text.
  const both = counted
    ? await onReadPool({
        payload,
        work: (pool) => pipelined({ pool, statements: [statement, made.count] }),
      })
    : undefined
  if (both)
    return {
      docs: recognisedDocuments({ plan, result: both[0]!, recognised }),
      totalDocs: Number(both[1]?.rows[0]?.[0] ?? 0),
    }
  const [docs, total] = await Promise.all([
    recognised
      ? textRowsOf({ payload, statement }).then((result) => recognisedDocuments({ plan, result }))
      : rowsOf({ payload, statement }).then((rows) => rows.map((row) => documentOf(plan, row))),
    counted ? rowsOf({ payload, statement: made.count }) : undefined,
  ])
  return {
    docs,
    totalDocs: total ? Number(total[0]?.[0] ?? 0) : docs.length,
  }
}

/** Where a retrieve's id goes in its statement, made once for every id. */
const idSlot = randomUUID()

/**
 * The principal's record with this id (a UUID, checked by the caller), `null` when there is
 * none, or `undefined` when a condition reaches past the plan's table: Payload reads it then.
 */
export const readOne = async ({
  id,
  ...args
}: Scoped & { id: string }): Promise<Record<string, unknown> | null | undefined> => {
  const { plan, payload } = args
  const reading = await scoped(args)
  if (reading === false) return null
  const made = remembered({
    store: ones,
    plan,
    key: JSON.stringify(reading.scope),
    make: () => {
      const one = reading.say({ where: { id: { equals: idSlot } } })
      return one && render(sql`SELECT ${sql.raw(plan.selectList)} ${one.from} LIMIT 1`)
    },
  })
  if (!made) return undefined
  const rows = await rowsOf({
    payload,
    statement: { ...made, params: made.params.map((p) => (p === idSlot ? id : p)) },
  })
  return rows[0] ? documentOf(plan, rows[0]) : null
}
