import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { executeInRequest } from '../../db/inTransaction'
import { collectionTable, type CollectionTable } from '../../db/postgres'
import { isUuid } from '../../lib/uuid'
import type { BlockResolver } from '../../plugins/partnerApi/kinds/blockResolver'

/** How many events an "upcoming" list shows when its block does not say. */
export const upcomingDefaultLimit = 6
export const upcomingMaxLimit = 50

type Row = Record<string, unknown>

const column = (table: CollectionTable, field: string) => {
  const name = table.field(field)
  if (!name) throw new Error(`event lists: ${table.name} has no column for ${field}`)
  return sql.identifier(name)
}

/** The chosen events that are published in the tenant, in the editor's order. */
const chosen = async ({
  payload,
  tenantId,
  rows,
  req,
}: {
  payload: Payload
  tenantId: string
  rows: Row[]
  req?: PayloadRequest
}): Promise<string[][]> => {
  const picked = rows.map((row) =>
    Array.isArray(row.events) ? row.events.filter((id): id is string => isUuid(id)) : [],
  )
  const ids = [...new Set(picked.flat())]
  if (ids.length === 0) return picked.map(() => [])
  const { docs } = await payload.find({
    collection: 'events',
    where: {
      and: [
        { id: { in: ids } },
        { tenant: { equals: tenantId } },
        { _status: { equals: 'published' } },
      ],
    },
    select: { _status: true },
    depth: 0,
    limit: ids.length,
    pagination: false,
    overrideAccess: true,
    ...(req ? { req } : {}),
  })
  const shown = new Set(docs.map((doc) => String(doc.id)))
  return picked.map((list) => list.filter((id) => shown.has(id)))
}

/**
 * The published events of the tenant with a performance still to start (and not hidden), in
 * the row's season and series and with a performance at its venue, where it names them;
 * soonest first. One statement, on the indexes of both tables.
 */
const upcoming = async ({
  payload,
  tenantId,
  row,
  now,
  req,
}: {
  payload: Payload
  tenantId: string
  row: Row
  now: string
  req?: PayloadRequest
}): Promise<string[]> => {
  const events = collectionTable({ payload, collection: 'events' })
  const instances = collectionTable({ payload, collection: 'event-instances' })
  if (!events || !instances) throw new Error('event lists: no events or event-instances table')
  const limit =
    typeof row.limit === 'number' && Number.isInteger(row.limit)
      ? Math.min(Math.max(row.limit, 1), upcomingMaxLimit)
      : upcomingDefaultLimit
  const conditions = [
    sql`e.${column(events, 'tenant')} = ${tenantId}`,
    sql`e.${column(events, '_status')} = 'published'`,
    sql`i.${column(instances, 'tenant')} = ${tenantId}`,
    sql`i.${column(instances, 'startDate')} >= ${now}::timestamptz`,
    sql`i.${column(instances, 'hidden')} is not true`,
  ]
  if (isUuid(row.season)) conditions.push(sql`e.${column(events, 'season')} = ${row.season}`)
  if (isUuid(row.series)) conditions.push(sql`e.${column(events, 'series')} = ${row.series}`)
  if (isUuid(row.venue)) conditions.push(sql`i.${column(instances, 'venue')} = ${row.venue}`)
  const found = await executeInRequest<{ id: string }>({
    payload,
    ...(req ? { req } : {}),
    query: sql`select e.id as id
      from ${sql.identifier(events.name)} e
      join ${sql.identifier(instances.name)} i on i.${column(instances, 'event')} = e.id
      where ${sql.join(conditions, sql` and `)}
      group by e.id
      order by min(i.${column(instances, 'startDate')}), e.id
      limit ${limit}`,
  })
  return found.map(({ id }) => String(id))
}

/**
 * What an event list shows now, for partners' sites: the chosen events, or the upcoming ones
 * of its season, series or venue, each published and of the page's tenant. Made when the page
 * is read, so an answer kept by the read cache may be up to its time-to-live behind the clock.
 */
export const shownEvents: BlockResolver = {
  name: 'shownEvents',
  schema: {
    type: 'array',
    readOnly: true,
    items: { type: 'string', format: 'uuid' },
    description:
      'The events this list shows now, in order: the chosen ones, or (`source` "upcoming") the published events with a performance still to start in its season and series and at its venue (those it names; none named: all), soonest first, at most `limit`. Only published events of the tenant; worked out when the page is read.',
  },
  resolve: async ({ payload, tenantId, rows, req }) => {
    const now = new Date().toISOString()
    const byHand = rows.filter((row) => row.source !== 'upcoming')
    const picked = await chosen({ payload, tenantId, rows: byHand, ...(req ? { req } : {}) })
    const shown = new Map(byHand.map((row, i) => [row, picked[i]]))
    // One after another: in a write's transaction they share its one connection.
    const answers: string[][] = []
    for (const row of rows)
      answers.push(
        shown.get(row) ??
          (await upcoming({ payload, tenantId, row, now, ...(req ? { req } : {}) })),
      )
    return answers
  },
}
