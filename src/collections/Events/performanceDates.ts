import { sql } from '@payloadcms/db-postgres'
import type { SQL } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'

import { dropGathered, gatherUntilCommit } from '../../db/atCommit'
import { executeInRequest } from '../../db/inTransaction'
import { collectionTable } from '../../db/postgres'
import { lockRecord } from '../../db/recordTenants'

export type PerformanceDates = { firstPerformance: string | null; lastPerformance: string | null }

/** The new first and last of an UPDATE, from the columns that hold them. */
type DatesSet = (columns: { first: SQL; last: SQL }) => { first: SQL; last: SQL }

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

/**
 * The UPDATE of one of the event's tables, returning what it updated: its own row (its id), or
 * its latest version (drafts are read from it; earlier versions are its history, and a save
 * that makes one current again, a restore, stores the dates anew, `hooks/eventDates.ts`).
 * Rewriting every version made each performance write cost more with every save of its event.
 * `of` is the event's id; `set` gives the new first and last from the column names.
 */
const datesUpdate = ({
  req,
  of,
  versions,
  set,
  from,
}: {
  req: PayloadRequest
  of: SQL
  versions: boolean
  set: DatesSet
  from?: SQL
}): SQL => {
  const table = collectionTable({ payload: req.payload, collection: 'events', versions })
  const first = table?.field('firstPerformance')
  const last = table?.field('lastPerformance')
  const id = table?.columns[versions ? 'parent' : 'id']?.name
  const latest = versions ? table?.columns.latest?.name : undefined
  if (!table || !first || !last || !id || (versions && !latest))
    throw new Error('events has no performance date columns')
  const to = set({ first: sql`${sql.identifier(first)}`, last: sql`${sql.identifier(last)}` })
  const name = sql.identifier(table.name)
  return sql`update ${name}
    set ${sql.identifier(first)} = ${to.first}, ${sql.identifier(last)} = ${to.last}
    ${from ?? sql``}
    where ${name}.${sql.identifier(id)} = ${of}
    ${latest ? sql`and ${name}.${sql.identifier(latest)}` : sql``}
    returning ${name}.${sql.identifier(id)} as id`
}

/** Only the latest version's UPDATE: see `extendEvents`. */
const latestVersion = ({
  req,
  eventId,
  set,
}: {
  req: PayloadRequest
  eventId: string
  set: DatesSet
}): SQL => datesUpdate({ req, of: sql`${eventId}`, versions: true, set })

/**
 * Both of the event's tables in one statement, its own row first: the version's UPDATE finds
 * its row by the id the event's UPDATE returned, which PostgreSQL computes before it reads the
 * versions. A save of the event holds the event's row and then marks its latest version as no
 * longer the latest, so a statement that took the version first waited for the save while the
 * save waited for it. Its rows: one for each version it updated.
 */
const bothTables = ({
  req,
  eventId,
  set,
  from,
  dates,
}: {
  req: PayloadRequest
  eventId: string
  set: DatesSet
  from?: SQL
  /** A `dates` row the updates read from. */
  dates?: SQL
}): SQL => {
  const own = datesUpdate({
    req,
    of: sql`${eventId}`,
    versions: false,
    set,
    ...(from ? { from } : {}),
  })
  const versions = datesUpdate({
    req,
    of: sql`(select own.id from own)`,
    versions: true,
    set,
    ...(from ? { from } : {}),
  })
  return dates
    ? sql`with dates as (${dates}), own as (${own}) ${versions}`
    : sql`with own as (${own}) ${versions}`
}

/** The key under which a transaction gathers its new performances' starts. */
const newStarts = 'event_dates'

type NewStart = { eventId: string; start: string }

/**
 * Recomputes the events' dates after a performance changed, in the performance write's
 * transaction: the event's row and its latest version's (published reads come from the one,
 * drafts from the other), in one statement. Plain SQL, so the event gets
 * no new version, no change-log entry and none of its hooks: its content did not change, only
 * a fact about it. What the transaction's new performances of these events would have added
 * is in what it reads.
 */
export const storePerformanceDates = async ({
  req,
  eventIds,
}: {
  req: PayloadRequest
  eventIds: string[]
}): Promise<void> => {
  const events = new Set(eventIds)
  await dropGathered<NewStart>({ req, key: newStarts, drop: (item) => events.has(item.eventId) })
  // In one order, as at commit (`extendEvents`): a performance moved between two events takes both.
  for (const eventId of [...events].sort()) {
    // The event's row first: the statement below then reads the performances as every write
    // that held the row committed them. Had it waited for the row itself, it would have
    // written dates read before that write committed (a sync's group, a batch).
    await lockRecord({ req, collection: 'events', id: eventId, mode: 'edit' })
    await executeInRequest({
      req,
      query: bothTables({
        req,
        eventId,
        dates: datesQuery({ req, eventId }),
        from: sql`from dates`,
        set: () => ({ first: sql`dates.first`, last: sql`dates.last` }),
      }),
    })
  }
}

/**
 * New performances move their events' dates outwards, once an event for all of a transaction's
 * new performances of it: their earliest and latest start are compared with the stored first
 * and last instead of reading all of the event's performances again (a cost that grew with
 * every performance an event had). Under concurrent creates each compares with the row as the
 * one before it left it, since PostgreSQL evaluates an UPDATE's SET on the row it locked.
 */
const extendEvents = async ({
  req,
  items,
}: {
  req: PayloadRequest
  items: NewStart[]
}): Promise<void> => {
  const spans = new Map<string, { from: number; to: number }>()
  for (const { eventId, start } of items) {
    const at = new Date(start).getTime()
    const span = spans.get(eventId)
    spans.set(
      eventId,
      span ? { from: Math.min(span.from, at), to: Math.max(span.to, at) } : { from: at, to: at },
    )
  }
  // In one order in every transaction: two batches or sync groups with performances of the
  // same events take their rows as they commit, and would otherwise wait on each other.
  for (const [eventId, { from, to }] of [...spans].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const earliest = sql`${new Date(from).toISOString()}::timestamptz`
    const latest = sql`${new Date(to).toISOString()}::timestamptz`
    const set: DatesSet = ({ first, last }) => ({
      first: sql`least(${first}, ${earliest})`,
      last: sql`greatest(${last}, ${latest})`,
    })
    const updated = await executeInRequest({ req, query: bothTables({ req, eventId, set }) })
    // None: a save of the event held its row while the statement waited, and made a new
    // latest version, which the statement cannot see (its snapshot is from before the wait;
    // the version it had found is the latest no more). The row is held now, so no other save
    // can come between, and a statement of its own sees that version. Taking the row first
    // would cost every commit a round trip; this costs one only to the commit that waited.
    if (updated.length === 0)
      await executeInRequest({ req, query: latestVersion({ req, eventId, set }) })
  }
}

/**
 * A new performance can only move its event's dates outwards: gathered with the transaction's
 * other new performances and written just before it commits (`extendEvents`), so a batch of a
 * hundred performances of one event updates the event once, not a hundred times.
 */
export const extendPerformanceDates = ({
  req,
  eventId,
  start,
}: {
  req: PayloadRequest
  eventId: string
  start: string
}): Promise<void> =>
  gatherUntilCommit<NewStart>({
    req,
    key: newStarts,
    item: { eventId, start },
    flush: extendEvents,
  })
