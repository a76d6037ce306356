import type { Payload, TypedUser } from 'payload'
import { createLocalReq, ValidationError } from 'payload'

import { allOrNothing } from '../../../db/allOrNothing'
import { relationId, type RelationValue } from '../../../lib/relationId'
import { instantAt, localDateTime } from '../../../lib/zonedTime'
import type { EventInstance } from '../../../payload-types'
import { tenantTimeZone } from '../../Tenants/tenantTimeZone'
import { mostPerformances } from './dates'

/** Who acts: every read and write below is theirs, with access control on. */
type Acting = { payload: Payload; user: TypedUser }

export type PlannedPerformance = {
  /** The wall-clock start asked for, `2027-09-01T19:30`. */
  local: string
  /** Its instant in the organisation's zone; absent when the zone skips that time. */
  startDate?: string
  endDate?: string
  /** Why it cannot be created; a plan with any is refused whole. */
  problem?: string
  /** The event already has a performance starting then (created again only if asked). */
  exists: boolean
}

export type Plan = {
  event: { id: string; title: string; tenant: string }
  timeZone: string
  performances: PlannedPerformance[]
}

const refuse = (errors: { path: string; message: string }[]): never => {
  throw new ValidationError({ collection: 'event-instances', errors })
}

const asUser = ({ user }: Acting) => ({ user, overrideAccess: false as const })

/**
 * What adding performances at these local times would create, in the event's organisation's
 * zone: each start as an instant (or why it has none), its end after `durationMinutes`, and
 * whether the event has a performance then already. Reads only; the event is read as the user,
 * so another organisation's event is a 404 here as everywhere.
 */
export const planPerformances = async ({
  payload,
  user,
  eventId,
  locals,
  durationMinutes,
}: Acting & {
  eventId: string
  locals: readonly string[]
  durationMinutes?: number
}): Promise<Plan> => {
  if (locals.length === 0) refuse([{ path: 'dates', message: 'Give at least one date and time.' }])
  if (locals.length > mostPerformances)
    refuse([
      {
        path: 'dates',
        message: `At most ${String(mostPerformances)} performances at once; these dates make ${String(locals.length)}.`,
      },
    ])
  const event = await payload.findByID({
    collection: 'events',
    id: eventId,
    depth: 0,
    draft: true,
    select: { title: true, tenant: true },
    ...asUser({ payload, user }),
  })
  const tenant = relationId(event.tenant as RelationValue) ?? ''
  const timeZone = await tenantTimeZone({
    req: await createLocalReq({ user }, payload),
    tenantId: tenant,
  })
  const { docs: existing } = await payload.find({
    collection: 'event-instances',
    where: { event: { equals: eventId } },
    select: { startDate: true },
    pagination: false,
    depth: 0,
    ...asUser({ payload, user }),
  })
  const taken = new Set(existing.map((doc) => new Date(doc.startDate).getTime()))
  const seen = new Set<string>()
  const performances = locals.map((local): PlannedPerformance => {
    const start = instantAt({ local, timeZone })
    const repeated = seen.has(local)
    seen.add(local)
    if (!start)
      return {
        local,
        exists: false,
        problem: `${local.replace('T', ' ')} does not exist in ${timeZone} (the clocks go forward then).`,
      }
    return {
      local,
      startDate: start.toISOString(),
      ...(durationMinutes
        ? { endDate: new Date(start.getTime() + durationMinutes * 60_000).toISOString() }
        : {}),
      exists: taken.has(start.getTime()),
      ...(repeated ? { problem: `${local.replace('T', ' ')} is listed twice.` } : {}),
    }
  })
  return { event: { id: eventId, title: event.title, tenant }, timeZone, performances }
}

/**
 * Adds the planned performances in one transaction, every one or none, each as its own create
 * would be (hooks, change log, webhooks, the event's dates). Times the event has already are
 * left out unless `includeExisting`.
 */
export const createPerformances = async ({
  payload,
  user,
  eventId,
  locals,
  durationMinutes,
  venue,
  includeExisting = false,
}: Acting & {
  eventId: string
  locals: readonly string[]
  durationMinutes?: number
  venue?: string
  includeExisting?: boolean
}): Promise<{ created: string[]; skipped: number }> => {
  const plan = await planPerformances({ payload, user, eventId, locals, durationMinutes })
  const problems = plan.performances.flatMap((p, index) =>
    p.problem ? [{ path: `dates.${String(index)}`, message: p.problem }] : [],
  )
  if (problems.length > 0) refuse(problems)
  const chosen = plan.performances.filter((p) => includeExisting || !p.exists)
  const created = await allOrNothing({
    payload,
    items: chosen,
    path: 'dates',
    write: async ({ req, item }) => {
      const doc = await payload.create({
        collection: 'event-instances',
        data: {
          event: eventId,
          tenant: plan.event.tenant,
          startDate: item.startDate!,
          startDate_tz: plan.timeZone,
          ...(item.endDate ? { endDate: item.endDate } : {}),
          ...(venue ? { venue } : {}),
        },
        depth: 0,
        req,
        ...asUser({ payload, user }),
      })
      return String(doc.id)
    },
  })
  return { created, skipped: plan.performances.length - chosen.length }
}

/** What may be changed on several performances at once. */
export type Change = {
  hidden?: boolean
  cancelled?: boolean
  /** A venue's id, or `null` for none. */
  venue?: string | null
  /** A new local start time (`20:00`) on each one's own day, its end moved with it. */
  startTime?: string
}

const startMovedTo = ({
  doc,
  startTime,
}: {
  doc: Pick<EventInstance, 'startDate' | 'endDate' | 'startDate_tz'>
  startTime: string
}): { startDate: string; endDate?: string } => {
  const timeZone = doc.startDate_tz ?? 'UTC'
  const day = localDateTime({ value: doc.startDate, timeZone })?.slice(0, 10) ?? ''
  const start = instantAt({ local: `${day}T${startTime}`, timeZone })
  if (!start)
    return refuse([
      {
        path: 'startTime',
        message: `${day} ${startTime} does not exist in ${timeZone} (the clocks go forward then).`,
      },
    ])
  const moved = start.getTime() - new Date(doc.startDate).getTime()
  return {
    startDate: start.toISOString(),
    ...(doc.endDate
      ? { endDate: new Date(new Date(doc.endDate).getTime() + moved).toISOString() }
      : {}),
  }
}

const checkedIds = (ids: readonly string[]): readonly string[] => {
  if (ids.length === 0) refuse([{ path: 'ids', message: 'Choose at least one performance.' }])
  if (ids.length > mostPerformances)
    refuse([{ path: 'ids', message: `At most ${String(mostPerformances)} at once.` }])
  return ids
}

/** Changes several performances in one transaction: all of them, or none if one is refused. */
export const updatePerformances = async ({
  payload,
  user,
  ids,
  change,
}: Acting & { ids: readonly string[]; change: Change }): Promise<{ updated: string[] }> => {
  const { startTime, ...fields } = change
  const updated = await allOrNothing({
    payload,
    items: checkedIds(ids),
    path: 'ids',
    write: async ({ req, item: id }) => {
      const moved = startTime
        ? startMovedTo({
            doc: await payload.findByID({
              collection: 'event-instances',
              id,
              depth: 0,
              select: { startDate: true, endDate: true, startDate_tz: true },
              req,
              ...asUser({ payload, user }),
            }),
            startTime,
          })
        : {}
      const doc = await payload.update({
        collection: 'event-instances',
        id,
        data: { ...fields, ...moved },
        depth: 0,
        req,
        ...asUser({ payload, user }),
      })
      return String(doc.id)
    },
  })
  return { updated }
}

/** Deletes several performances in one transaction: all of them, or none. */
export const deletePerformances = async ({
  payload,
  user,
  ids,
}: Acting & { ids: readonly string[] }): Promise<{ deleted: string[] }> => {
  const deleted = await allOrNothing({
    payload,
    items: checkedIds(ids),
    path: 'ids',
    write: async ({ req, item: id }) => {
      await payload.delete({
        collection: 'event-instances',
        id,
        depth: 0,
        req,
        ...asUser({ payload, user }),
      })
      return id
    },
  })
  return { deleted }
}
