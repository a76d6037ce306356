import { sql } from '@payloadcms/db-postgres'
import type { SQL } from '@payloadcms/db-postgres/drizzle'
import { alias, type PgTable } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { Payload, PayloadRequest } from 'payload'

import { readScope, tenantMember, withinScope } from '../../access/readScope'
import { executeInRequest } from '../../db/inTransaction'
import { planEachRun } from '../../db/keyPlans'
import { payloadQuery } from '../../db/payloadQuery'
import { collectionTable, postgresOf, type CollectionTable } from '../../db/postgres'
import { fairQueue, fairRefusal } from '../../lib/fairQueues'
import { isUuid } from '../../lib/uuid'
import type { BlockResolver } from '../../plugins/partnerApi/exports/kinds'
import { publishedOnly } from '../../access/published'

/** How many events an "upcoming" list shows when its block does not say. */
export const upcomingDefaultLimit = 6
export const upcomingMaxLimit = 50

/** Event lists one page may hold (pages validate it), so one page's answer is always whole. */
export const eventListsPerPage = 20

/**
 * Distinct upcoming lists one answer works out: a list of many pages of many lists stays a few
 * statements. Lists past it answer no events; a page read by itself always has all of its own.
 */
export const upcomingQuestionsPerAnswer = 100

/** Questions one statement asks: its VALUES list, each row a lateral read on the indexes. */
const questionsPerStatement = 20

type Row = Record<string, unknown>

const chosenPerQuery = 1_000

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
  const shown = new Set<string>()
  // The tenant's events, by the collection's read access (the tenant rule) for a member.
  const scope = await readScope({ payload, collection: 'events', user: tenantMember({ tenantId }) })
  // A bounded number of ids a statement: a list of many pages of many lists stays in bounds.
  for (let at = 0; scope !== false && at < ids.length; at += chosenPerQuery) {
    const some = ids.slice(at, at + chosenPerQuery)
    const where = withinScope({
      scope,
      where: { and: [{ id: { in: some } }, publishedOnly] },
    })
    const { docs } = await payload.find({
      collection: 'events',
      ...(where ? { where } : {}),
      select: { _status: true },
      depth: 0,
      limit: some.length,
      pagination: false,
      overrideAccess: true,
      ...(req ? { req } : {}),
    })
    for (const doc of docs) shown.add(String(doc.id))
  }
  return picked.map((list) => list.filter((id) => shown.has(id)))
}

/** What an upcoming list asks: the same question is answered once, however many lists ask it. */
export type Question = {
  season: string | null
  series: string | null
  venue: string | null
  limit: number
}

export type Filter = 'season' | 'series' | 'venue'
const filters: Filter[] = ['season', 'series', 'venue']

const questionOf = (row: Row): Question => ({
  season: isUuid(row.season) ? row.season : null,
  series: isUuid(row.series) ? row.series : null,
  venue: isUuid(row.venue) ? row.venue : null,
  limit:
    typeof row.limit === 'number' && Number.isInteger(row.limit)
      ? Math.min(Math.max(row.limit, 1), upcomingMaxLimit)
      : upcomingDefaultLimit,
})

const keyOf = (q: Question) => `${q.season}|${q.series}|${q.venue}|${q.limit}`

/** The filters a question names: questions of one shape are asked in one statement. */
const shapeOf = (q: Question): Filter[] => filters.filter((filter) => q[filter] !== null)

/**
 * The statement that answers questions of one shape: for each, the published events of the
 * tenant with a performance still to start (and not hidden), in its season and series and with
 * a performance at its venue where it names them; soonest first. Each question is a row of a
 * VALUES list joined LATERAL to the events; a filter is a plain equality on its column, which
 * its index answers (a condition that may be null, `q.season is null or …`, reads every event).
 * The tenant's events and performances are what the collections' read access gives a member of
 * the tenant (the tenant rule), said by Payload's query builder. Rows are `(n, id)`, `n` the
 * question's place in `questions`; `undefined` when access gives nothing.
 */
export const upcomingStatement = async ({
  payload,
  tenantId,
  shape,
  questions,
  now,
}: {
  payload: Payload
  tenantId: string
  /** The filters every one of `questions` names, and only those. */
  shape: Filter[]
  questions: Question[]
  now: string
}): Promise<SQL | undefined> => {
  const events = collectionTable({ payload, collection: 'events' })
  const instances = collectionTable({ payload, collection: 'event-instances' })
  const tables = postgresOf(payload).tables
  const eventsTable: PgTable | undefined = events && tables[events.name]
  const instancesTable: PgTable | undefined = instances && tables[instances.name]
  if (!events || !instances || !eventsTable || !instancesTable)
    throw new Error('event lists: no events or event-instances table')
  const e = alias(eventsTable, 'e')
  const i = alias(instancesTable, 'i')
  const user = tenantMember({ tenantId })
  const [eventScope, instanceScope] = await Promise.all([
    readScope({ payload, collection: 'events', user }),
    readScope({ payload, collection: 'event-instances', user }),
  ])
  if (eventScope === false || instanceScope === false) return undefined
  const shownEvent = payloadQuery({
    payload,
    collection: 'events',
    where: withinScope({ scope: eventScope, where: publishedOnly }) ?? {},
    aliasTable: e,
  }).where
  const ownInstance = payloadQuery({
    payload,
    collection: 'event-instances',
    where: withinScope({ scope: instanceScope, where: undefined }) ?? {},
    aliasTable: i,
  }).where
  const start = column(instances, 'startDate')
  const filterColumn: Record<Filter, SQL> = {
    season: sql`e.${column(events, 'season')}`,
    series: sql`e.${column(events, 'series')}`,
    venue: sql`i.${column(instances, 'venue')}`,
  }
  const names = sql.join(
    [sql`n`, ...shape.map((filter) => sql.identifier(filter)), sql`lim`],
    sql`, `,
  )
  const asked = sql.join(
    questions.map(
      (q, n) =>
        sql`(${sql.join(
          [sql`${n}::int`, ...shape.map((filter) => sql`${q[filter]}::uuid`), sql`${q.limit}::int`],
          sql`, `,
        )})`,
    ),
    sql`, `,
  )
  const filtered = sql.join(
    shape.map((filter) => sql` and ${filterColumn[filter]} = q.${sql.identifier(filter)}`),
  )
  return sql`select q.n as n, shown.id as id
      from (values ${asked}) as q (${names})
      cross join lateral (
        select e.id as id, min(i.${start}) as next
        from ${sql.identifier(events.name)} e
        join ${sql.identifier(instances.name)} i on i.${column(instances, 'event')} = e.id
        where ${shownEvent ?? sql`true`}
          and ${ownInstance ?? sql`true`}
          and i.${start} >= ${now}::timestamptz
          and i.${column(instances, 'hidden')} is not true${filtered}
        group by e.id
        order by next, e.id
        limit q.lim
      ) shown
      order by q.n, shown.next, shown.id`
}

/** The answers to questions of one shape, in their order. */
const upcomingOfShape = async ({
  payload,
  req,
  ...asked
}: Parameters<typeof upcomingStatement>[0] & { req?: PayloadRequest }): Promise<string[][]> => {
  const answers = asked.questions.map((): string[] => [])
  const query = await upcomingStatement({ payload, ...asked })
  if (!query) return answers
  // In a create's transaction (its webhook message), the list's own filters choose the plan.
  await planEachRun(req)
  const found = await executeInRequest<{ n: number; id: string }>({
    payload,
    ...(req ? { req } : {}),
    query,
  })
  for (const { n, id } of found) answers[Number(n)]?.push(String(id))
  return answers
}

/**
 * The answers to a page of answers' distinct questions, by key: grouped by shape, a bounded
 * number a statement, at most `upcomingQuestionsPerAnswer` in all (the rest answer nothing).
 * The statements run under the tenant's share of the `eventLists` fair queue.
 */
const upcoming = async ({
  payload,
  tenantId,
  questions,
  req,
}: {
  payload: Payload
  tenantId: string
  questions: Question[]
  req?: PayloadRequest
}): Promise<Map<string, string[]>> => {
  const answered = new Map<string, string[]>()
  const asked = questions.slice(0, upcomingQuestionsPerAnswer)
  if (asked.length === 0) return answered
  const shapes = new Map<string, Question[]>()
  for (const question of asked) {
    const shape = shapeOf(question).join()
    shapes.set(shape, [...(shapes.get(shape) ?? []), question])
  }
  const now = new Date().toISOString()
  const done = await fairQueue({ name: 'eventLists' }).run({
    owner: tenantId,
    task: async () => {
      for (const same of shapes.values())
        for (let at = 0; at < same.length; at += questionsPerStatement) {
          const some = same.slice(at, at + questionsPerStatement)
          const answers = await upcomingOfShape({
            payload,
            tenantId,
            shape: shapeOf(some[0]!),
            questions: some,
            now,
            ...(req ? { req } : {}),
          })
          some.forEach((question, n) => answered.set(keyOf(question), answers[n] ?? []))
        }
    },
  })
  if ('over' in done) throw fairRefusal({ over: done.over, work: 'event lists' })
  return answered
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
    description: `The events this list shows now, in order: the chosen ones, or (\`source\` "upcoming") the published events with a performance still to start in its season and series and at its venue (those it names; none named: all), soonest first, at most \`limit\`. Only published events of the tenant; worked out when the page is read. A page holds at most ${eventListsPerPage} event lists, and one answer works out at most ${upcomingQuestionsPerAnswer} different upcoming lists (a list of pages past that answers the rest empty: read those pages by themselves).`,
  },
  resolve: async ({ payload, tenantId, rows, req }) => {
    const byHand = rows.filter((row) => row.source !== 'upcoming')
    const picked = await chosen({ payload, tenantId, rows: byHand, ...(req ? { req } : {}) })
    const shown = new Map(byHand.map((row, i) => [row, picked[i] ?? []]))
    const questions = new Map<string, Question>()
    for (const row of rows) {
      if (shown.has(row)) continue
      const question = questionOf(row)
      questions.set(keyOf(question), question)
    }
    const byKey = await upcoming({
      payload,
      tenantId,
      questions: [...questions.values()],
      ...(req ? { req } : {}),
    })
    return rows.map((row) => shown.get(row) ?? byKey.get(keyOf(questionOf(row))) ?? [])
  },
}
