import type { Where } from 'payload'

import type { PlannedColumn, ReadPlan } from './plan'

/**
 * A checked partner filter (`parseListQuery`) as SQL over the plan's columns, with the meaning
 * Payload's PostgreSQL adapter gives each operator, so both read paths answer the same records:
 * `not_equals` keeps nulls, `in` with a null also matches nulls, `like` wants every word
 * (split on single spaces, wildcards as given), `contains` is one case-insensitive substring,
 * `exists: false` is null. Values are parameters, never spliced. `undefined` when a path has no
 * column of the plan: then Payload answers the whole query.
 */
export const whereSql = ({
  plan,
  where,
  params,
}: {
  plan: ReadPlan
  where: Where
  params: unknown[]
}): string | undefined => {
  const parts: string[] = []
  for (const [key, value] of Object.entries(where)) {
    if (key === 'and' || key === 'or') {
      const inner: string[] = []
      for (const item of (value ?? []) as Where[]) {
        const part = whereSql({ plan, where: item, params })
        if (part === undefined) return undefined
        inner.push(part)
      }
      if (inner.length > 0) parts.push(`(${inner.join(key === 'and' ? ' AND ' : ' OR ')})`)
      continue
    }
    const column = plan.byPath.get(key)
    if (!column) return undefined
    for (const [operator, operand] of Object.entries(value as Record<string, unknown>)) {
      const part = conditionSql({ column, operator, operand, params })
      if (part === undefined) return undefined
      parts.push(part)
    }
  }
  return parts.length > 0 ? parts.join(' AND ') : 'TRUE'
}

const stored = (column: PlannedColumn, value: unknown): unknown =>
  column.kind === 'date' && typeof value === 'string' ? new Date(value).toISOString() : value

const comparisons: Record<string, string> = {
  greater_than: '>',
  greater_than_equal: '>=',
  less_than: '<',
  less_than_equal: '<=',
}

const conditionSql = ({
  column,
  operator,
  operand,
  params,
}: {
  column: PlannedColumn
  operator: string
  operand: unknown
  params: unknown[]
}): string | undefined => {
  const c = column.column
  const param = (value: unknown): string => `$${params.push(value)}`
  switch (operator) {
    case 'equals':
      return operand === null ? `${c} IS NULL` : `${c} = ${param(stored(column, operand))}`
    case 'not_equals':
      return operand === null
        ? `${c} IS NOT NULL`
        : `(${c} IS NULL OR ${c} <> ${param(stored(column, operand))})`
    case 'exists':
      return operand === true ? `${c} IS NOT NULL` : `${c} IS NULL`
    case 'like': {
      const words = String(operand)
        .split(' ')
        .map((word) => `${c} ILIKE ${param(`%${word}%`)}`)
      return `(${words.join(' AND ')})`
    }
    case 'contains':
      return `${c} ILIKE ${param(`%${String(operand)}%`)}`
    case 'in':
    case 'not_in': {
      const list = (operand as unknown[]).map((v) => stored(column, v))
      const values = list.filter((v) => v !== null)
      if (operator === 'in') {
        const any = `${c} = ANY(${param(values)})`
        return values.length < list.length ? `(${c} IS NULL OR ${any})` : any
      }
      // Payload's NOT IN: a null in the list matches nothing, as in SQL; references keep nulls.
      const all = list.length > values.length ? 'FALSE' : `${c} <> ALL(${param(values)})`
      return column.reference ? `(${all} OR ${c} IS NULL)` : all
    }
    default: {
      const sign = comparisons[operator]
      return sign ? `${c} ${sign} ${param(stored(column, operand))}` : undefined
    }
  }
}
