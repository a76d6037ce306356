import { sql, type SQL } from '@payloadcms/db-postgres/drizzle'
import { PgDialect } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { Payload, Where } from 'payload'

import { readScope, withinScope } from '../../../access/readScope'
import { payloadQuery, type PayloadQuery } from '../../../db/payloadQuery'
import { postgresOf } from '../../../db/postgres'
import type { PartnerPrincipal } from '../keys/authorize'
import type { Kind } from '../kinds/model'
import { both } from '../operations/types'
import { versionFilter, type ReadVersion } from '../operations/version'
import type { PlannedColumn, ReadPlan } from './plan'

const valueOf = (column: PlannedColumn, raw: unknown): unknown => {
  if (raw === null || raw === undefined) return null
  if (column.kind === 'date' && (typeof raw === 'string' || raw instanceof Date))
    return new Date(raw).toISOString()
  if (column.kind === 'number' && typeof raw === 'string') return Number.parseFloat(raw)
  return raw
}

/**
 * A statement's rows, each as its values in the order selected: the plan's columns, chosen
 * once; the conditions and order are Payload's query builder's, rendered here. The pool runs it
 * (measured: drizzle's own select builder and execution took several times as long).
 */
const rowsOf = async ({
  payload,
  statement,
}: {
  payload: Payload
  statement: SQL
}): Promise<unknown[][]> => {
  const { sql: text, params } = dialect.sqlToQuery(statement)
  const { rows } = await postgresOf(payload).pool.query<unknown[]>({
    text,
    values: params,
    rowMode: 'array',
  })
  return rows
}

const dialect = new PgDialect()

/** A row of the plan's SELECT list as the document Payload's `find` gives at depth 0 with the kind's `select`. */
const documentOf = (plan: ReadPlan, [id, ...values]: unknown[]): Record<string, unknown> => {
  const doc: Record<string, unknown> = { id }
  plan.columns.forEach((column, i) => {
    let at = doc
    for (const name of column.path.slice(0, -1)) {
      const inner = at[name]
      const next: Record<string, unknown> =
        inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {}
      at[name] = next
      at = next
    }
    at[column.path.at(-1)!] = valueOf(column, values[i])
  })
  return doc
}

/** What every read of the plan asks: the principal's read access, the version, the filter. */
type Scoped = {
  payload: Payload
  plan: ReadPlan
  kind: Kind
  version: ReadVersion
  principal: PartnerPrincipal
}

/**
 * The filter within what the principal may read (the collection's read access: the tenant
 * rule) and in the version read, as Payload's query builder says it; `false` when access
 * allows nothing, `undefined` when the conditions reach past the plan's table (Payload reads
 * those).
 */
const queryOf = async ({
  payload,
  plan,
  kind,
  version,
  principal,
  reads,
}: Scoped & { reads: { where: Where | undefined; sort?: string[] }[] }): Promise<
  (PayloadQuery | undefined)[] | false
> => {
  const scope = await readScope({ payload, collection: plan.collection, user: principal.user })
  if (scope === false) return false
  const filter = versionFilter({ kind, version }).where
  return reads.map(({ where, sort }) => {
    const query = payloadQuery({
      payload,
      collection: plan.collection,
      versions: plan.versions,
      where: withinScope({ scope, where: both(where, filter) }) ?? {},
      ...(sort ? { sort } : {}),
    })
    return query.joins.length > 0 ? undefined : query
  })
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
  ...scoped
}: Scoped & {
  /** What the page holds; `countWhere` what the total counts (the whole list, for a cursor). */
  where?: Where
  countWhere?: Where
  sort: string
  limit: number
  offset: number
}): Promise<SqlPage | undefined> => {
  // The id breaks ties, as in Payload's reads (`payloadPage`).
  const sorted = [sort, `${sort.startsWith('-') ? '-' : ''}id`]
  const queries = await queryOf({
    ...scoped,
    reads: [{ where, sort: sorted }, { where: countWhere }],
  })
  if (queries === false) return { docs: [], totalDocs: 0 }
  const [page, counted] = queries
  if (!page || !counted) return undefined
  const { plan, payload } = scoped
  const from = sql.identifier(page.tableName)
  const order = sql.join(
    page.orderBy.map(({ column, order }) => order(column)),
    sql`, `,
  )
  const [rows, total] = await Promise.all([
    rowsOf({
      payload,
      statement: sql`SELECT ${sql.raw(plan.selectList)} FROM ${from} WHERE ${page.where ?? sql`TRUE`} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
    }),
    rowsOf({
      payload,
      statement: sql`SELECT count(*) FROM ${from} WHERE ${counted.where ?? sql`TRUE`}`,
    }),
  ])
  return {
    docs: rows.map((row) => documentOf(plan, row)),
    totalDocs: Number(total[0]?.[0] ?? 0),
  }
}

/**
 * The principal's record with this id (a UUID, checked by the caller), `null` when there is
 * none, or `undefined` when a condition reaches past the plan's table: Payload reads it then.
 */
export const readOne = async ({
  id,
  ...scoped
}: Scoped & { id: string }): Promise<Record<string, unknown> | null | undefined> => {
  const queries = await queryOf({ ...scoped, reads: [{ where: { id: { equals: id } } }] })
  if (queries === false) return null
  const query = queries[0]
  if (!query) return undefined
  const { plan, payload } = scoped
  const rows = await rowsOf({
    payload,
    statement: sql`SELECT ${sql.raw(plan.selectList)} FROM ${sql.identifier(query.tableName)} WHERE ${query.where ?? sql`TRUE`} LIMIT 1`,
  })
  return rows[0] ? documentOf(plan, rows[0]) : null
}
