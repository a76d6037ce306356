import { sql } from '@payloadcms/db-postgres'
import type { SQL } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'

import { executeInRequest } from '../../db/inTransaction'
import { collectionTable } from '../../db/postgres'

export type PerformanceDates = { firstPerformance: string | null; lastPerformance: string | null }

/** The first and last start of the event's performances that are not hidden, as one SELECT. */
const datesQuery = ({ req, eventId }: { req: PayloadRequest; eventId: string }): SQL => {
  const instances = collectionTable({ payload: req.payload, collection: 'event-instances' })
  const start = instances?.field('startDate')
  const event = instances?.field('event')
  const hidden = instances?.field('hidden')
  if (!instances || !start || !event || !hidden)
    throw new Error('event-instances has no start, event or hidden column')
  return sql`select min(${sql.identifier(start)}) as first, max(${sql.identifier(start)}) as last
    from ${sql.identifier(instances.name)}
    where ${sql.identifier(event)} = ${eventId} and ${sql.identifier(hidden)} is not true`
}

const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string).toISOString()

/** What an event's own save stores, read in its transaction. */
export const performanceDates = async ({
  req,
  eventId,
}: {
  req: PayloadRequest
  eventId: string
}): Promise<PerformanceDates> => {
  const [row] = await executeInRequest<{ first: unknown; last: unknown }>({
    req,
    query: datesQuery({ req, eventId }),
  })
  return { firstPerformance: iso(row?.first), lastPerformance: iso(row?.last) }
}

/** The UPDATE of one of the event's tables (its own, its versions') from the `dates` row. */
const datesUpdate = ({
  req,
  eventId,
  versions,
}: {
  req: PayloadRequest
  eventId: string
  versions: boolean
}): SQL | undefined => {
  const table = collectionTable({ payload: req.payload, collection: 'events', versions })
  const first = table?.field('firstPerformance')
  const last = table?.field('lastPerformance')
  const id = table?.columns[versions ? 'parent' : 'id']?.name
  if (!table || !first || !last || !id) return undefined
  return sql`update ${sql.identifier(table.name)}
    set ${sql.identifier(first)} = dates.first, ${sql.identifier(last)} = dates.last
    from dates
    where ${sql.identifier(table.name)}.${sql.identifier(id)} = ${eventId}`
}

/**
 * Recomputes the events' dates after a performance changed, in the performance write's
 * transaction: the event's row and every row of its versions (published reads come from the
 * one, drafts from the latest of the others), in one statement. Plain SQL, so the event gets
 * no new version, no change-log entry and none of its hooks: its content did not change, only
 * a fact about it.
 */
export const storePerformanceDates = async ({
  req,
  eventIds,
}: {
  req: PayloadRequest
  eventIds: string[]
}): Promise<void> => {
  for (const eventId of [...new Set(eventIds)]) {
    const [own, versions] = [false, true].map((v) => datesUpdate({ req, eventId, versions: v }))
    if (!own || !versions) throw new Error('events has no performance date columns')
    await executeInRequest({
      req,
      query: sql`with dates as (${datesQuery({ req, eventId })}), own as (${own}) ${versions}`,
    })
  }
}
