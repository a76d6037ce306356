import { sql } from '@payloadcms/db-postgres/drizzle'

import type { Where } from 'payload'

import { documentOf, render, rowsOf, scoped, type Scoped } from './read'

/** The first records of each parent, and how many there are in all. */
export type Windowed = Map<string, { docs: Record<string, unknown>[]; total: number }>

/**
 * For every parent at once, the first `limit` of the principal's records whose reference `on`
 * names it, in `sort` order, with the count of all of them: one statement for a whole page of
 * parents (a row number and a count over each parent's partition). `undefined` when a
 * condition reaches past the plan's table, or the plan does not hold `on`: the caller reads
 * another way then.
 */
export const readWindow = async ({
  on,
  parents,
  where,
  sort,
  limit,
  ...args
}: Scoped & {
  on: string
  parents: string[]
  where: Where
  sort: string
  limit: number
}): Promise<Windowed | undefined> => {
  const { plan, payload } = args
  const found: Windowed = new Map()
  if (parents.length === 0) return found
  const at = plan.columns.findIndex((column) => column.path.join('.') === on)
  const partition = plan.columns[at]
  if (!partition) return undefined
  const reading = await scoped(args)
  if (reading === false) return found
  const said = reading.say({
    where: { and: [{ [on]: { in: parents } }, where] },
    sort: [sort, `${sort.startsWith('-') ? '-' : ''}id`],
  })
  if (!said) return undefined
  const by = sql.identifier(partition.name)
  const statement = render(sql`SELECT * FROM (SELECT ${sql.raw(plan.selectList)},
    row_number() OVER (PARTITION BY ${by} ORDER BY ${said.order}) AS "rank",
    count(*) OVER (PARTITION BY ${by}) AS "total" ${said.from}) AS "ranked"
    WHERE "rank" <= ${limit} ORDER BY "rank"`)
  const rows = await rowsOf({ payload, statement })
  const width = plan.columns.length
  for (const row of rows) {
    const parent = String(row[at + 1])
    const entry = found.get(parent) ?? { docs: [], total: Number(row[width + 2] ?? 0) }
    entry.docs.push(documentOf(plan, row))
    found.set(parent, entry)
  }
  return found
}
