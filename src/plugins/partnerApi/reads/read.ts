import type { Payload, Where } from 'payload'

import { postgresOf } from '../../../db/postgres'
import type { PlannedColumn, ReadPlan } from './plan'
import { whereSql } from './where'

type Row = Record<string, unknown>

const valueOf = (column: PlannedColumn, raw: unknown): unknown => {
  if (raw === null || raw === undefined) return null
  if (column.kind === 'date') return new Date(raw as string | Date).toISOString()
  if (column.kind === 'number' && typeof raw === 'string') return Number.parseFloat(raw)
  return raw
}

/** A row as the document Payload's `find` gives at depth 0 with the kind's `select`. */
const documentOf = (plan: ReadPlan, row: Row): Record<string, unknown> => {
  const doc: Record<string, unknown> = { id: row.id }
  plan.columns.forEach((column, i) => {
    let at = doc
    for (const name of column.path.slice(0, -1)) {
      at[name] ??= {}
      at = at[name] as Record<string, unknown>
    }
    at[column.path.at(-1)!] = valueOf(column, row[`c${i}`])
  })
  return doc
}

/** The tenant's rows in the plan's version, and the filter, as SQL. */
const scopeOf = ({
  plan,
  tenantId,
  where,
  params,
}: {
  plan: ReadPlan
  tenantId: string
  where?: Where
  params: unknown[]
}): string | undefined => {
  const filter = where ? whereSql({ plan, where, params }) : 'TRUE'
  if (filter === undefined) return undefined
  params.push(tenantId)
  const tenant = `${plan.tenant} = $${params.length}`
  return `${plan.versionScope} AND ${tenant} AND (${filter})`
}

/** `-field` or `field`, then the id in the same direction, as an ORDER BY. */
const orderOf = (plan: ReadPlan, sort: string): string | undefined => {
  const descending = sort.startsWith('-')
  const column = plan.byPath.get(sort.replace(/^-/, ''))
  if (!column) return undefined
  const direction = descending ? 'DESC' : 'ASC'
  return `${column.column} ${direction}, ${plan.id} ${direction}`
}

export type SqlPage = { docs: Record<string, unknown>[]; totalDocs: number }

/**
 * One page of the tenant's records and the count of the whole list, as two statements side by
 * side. `undefined` when the plan cannot say the filter or the sort: Payload reads it then.
 */
export const readPage = async ({
  payload,
  plan,
  tenantId,
  where,
  countWhere,
  sort,
  limit,
  offset,
}: {
  payload: Payload
  plan: ReadPlan
  tenantId: string
  /** What the page holds; `countWhere` what the total counts (the whole list, for a cursor). */
  where?: Where
  countWhere?: Where
  sort: string
  limit: number
  offset: number
}): Promise<SqlPage | undefined> => {
  const pageParams: unknown[] = []
  const countParams: unknown[] = []
  const pageScope = scopeOf({ plan, tenantId, where, params: pageParams })
  const countScope = scopeOf({ plan, tenantId, where: countWhere, params: countParams })
  const order = orderOf(plan, sort)
  if (pageScope === undefined || countScope === undefined || order === undefined) return undefined
  const pool = postgresOf(payload).pool
  const bounds = `LIMIT $${pageParams.push(limit)} OFFSET $${pageParams.push(offset)}`
  const [rows, count] = await Promise.all([
    pool.query<Row>(
      `SELECT ${plan.selectList} FROM ${plan.table} WHERE ${pageScope} ORDER BY ${order} ${bounds}`,
      pageParams,
    ),
    pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM ${plan.table} WHERE ${countScope}`,
      countParams,
    ),
  ])
  return {
    docs: rows.rows.map((row) => documentOf(plan, row)),
    totalDocs: Number(count.rows[0]?.n ?? 0),
  }
}

/** The tenant's record with this id (a UUID, checked by the caller), or `undefined`. */
export const readOne = async ({
  payload,
  plan,
  tenantId,
  id,
}: {
  payload: Payload
  plan: ReadPlan
  tenantId: string
  id: string
}): Promise<Record<string, unknown> | undefined> => {
  const params: unknown[] = [id]
  const scope = scopeOf({ plan, tenantId, params })!
  const { rows } = await postgresOf(payload).pool.query<Row>(
    `SELECT ${plan.selectList} FROM ${plan.table} WHERE ${plan.id} = $1 AND ${scope} LIMIT 1`,
    params,
  )
  return rows[0] ? documentOf(plan, rows[0]) : undefined
}
