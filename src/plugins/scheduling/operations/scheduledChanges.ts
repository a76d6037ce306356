import {
  NotFound,
  ValidationError,
  type Payload,
  type SanitizedConfig,
  type TypedUser,
} from 'payload'

import { collectionTableName, postgresOf } from '../../../db/postgres'
import { withSessionLock } from '../../../db/sessionLock'
import { fairQueue, fairRefusal } from '../../../lib/fairQueues'
import { actorOf, makerOf, type Maker } from '../../partnerShape'
import { relationId, type RelationValue } from '../../../lib/relationId'
import { isTimeZone } from '../../../lib/timeZones'
import { maxLeadDays, maxWaitingPerTenant, publishTask, type ScheduleAction } from '../defaults'

/**
 * Who schedules: a signed-in user, or a partner key's principal (a member of `users` made for
 * the request, carrying its key). The local API takes either as its `user`.
 */
type Scheduler = Pick<TypedUser, 'id' | 'collection'>

/** A change waiting for its time: publish or unpublish one record. */
export type ScheduledChange = {
  id: string
  collection: string
  record: string
  action: ScheduleAction
  at: string
  /** Who scheduled it (its job's `input.madeBy`): revoking a key cancels its changes. */
  createdBy: Maker | null
  createdAt: string
}

/** The collections whose drafts can be published and unpublished on a schedule. */
export const schedulableCollections = ({ config }: { config: SanitizedConfig }): string[] =>
  config.collections
    .filter((collection) => {
      const drafts = collection.versions?.drafts
      return typeof drafts === 'object' && Boolean(drafts.schedulePublish)
    })
    .map((collection) => collection.slug)

const invalid = ({
  collection,
  field,
  message,
}: {
  collection: string
  field: string
  message: string
}): never => {
  throw new ValidationError({ collection, errors: [{ path: field, message }] })
}

/**
 * Whether `user` may change the record: it must be one they can read. A record of another
 * tenant is as missing as one that does not exist. No user: the system (the seed), which
 * needs only the record to exist. Answers the record's tenant.
 */
export const assertCanPublish = async ({
  payload,
  user,
  collection,
  id,
}: {
  payload: Payload
  user?: Scheduler
  collection: string
  id: string
}): Promise<string> => {
  if (!schedulableCollections(payload).includes(collection)) throw new NotFound()
  const { docs } = await payload.find({
    collection: collection as 'events',
    where: { id: { equals: id } },
    draft: true,
    depth: 0,
    limit: 1,
    pagination: false,
    select: { tenant: true },
    ...(user ? { overrideAccess: false, user } : { overrideAccess: true }),
  })
  const tenant = relationId((docs[0] as { tenant?: RelationValue } | undefined)?.tenant)
  if (!tenant) throw new NotFound()
  return tenant
}

const tenantZone = async ({
  payload,
  tenant,
}: {
  payload: Payload
  tenant: string
}): Promise<string | undefined> => {
  const found = await payload.findByID({
    collection: 'tenants',
    id: tenant,
    depth: 0,
    select: { timeZone: true },
    overrideAccess: true,
    disableErrors: true,
  })
  const zone: unknown = found?.timeZone
  return typeof zone === 'string' && isTimeZone(zone) ? zone : undefined
}

/**
 * Schedules the record's publish or unpublish at `at` as `user` (a partner's key acts as a
 * member of its one tenant). Payload's scheduled-publish task does the change when it is due:
 * as the person who scheduled it, who must still be allowed then; a key's change runs as the
 * system, its tenant having been checked here.
 */
export const scheduleChange = async ({
  payload,
  user,
  collection,
  id,
  action,
  at,
  timeZone,
  now = new Date(),
}: {
  payload: Payload
  user?: Scheduler
  collection: string
  id: string
  action: ScheduleAction
  at: Date
  /** The zone the time was picked in (the admin's drawer); else the tenant's. */
  timeZone?: string
  now?: Date
}): Promise<ScheduledChange> => {
  if (Number.isNaN(at.getTime()) || at.getTime() <= now.getTime())
    invalid({ collection, field: 'at', message: 'A time in the future.' })
  if (at.getTime() > now.getTime() + maxLeadDays * 86_400_000)
    invalid({ collection, field: 'at', message: `At most ${maxLeadDays} days ahead.` })
  const tenant = await assertCanPublish({ payload, user, collection, id })
  // The drawer lists each change with its zone ("No value" without one).
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : await tenantZone({ payload, tenant })
  const byPerson = user?.collection === 'users' && !('apiKey' in user)
  const madeBy = makerOf(actorOf({ user: user ?? null }))
  // Counted and queued under the tenant's lock: two at once cannot both see room for one more.
  const queueOnce = async () => {
    const waiting = await upcomingChanges({ payload, tenant })
    const same = waiting.find(
      (change) =>
        change.record === id && change.action === action && change.at === at.toISOString(),
    )
    if (same)
      invalid({
        collection,
        field: 'at',
        message: `This ${action} is already scheduled at that time (${same.id}).`,
      })
    if (waiting.length >= maxWaitingPerTenant)
      invalid({
        collection,
        field: 'at',
        message: `A tenant may have ${maxWaitingPerTenant} changes waiting; cancel some first.`,
      })
    return payload.jobs.queue({
      task: publishTask,
      input: {
        type: action,
        doc: { relationTo: collection as 'events', value: id },
        ...(byPerson && user ? { user: { relationTo: 'users', value: user.id } } : {}),
        // Payload's task input has no such field; it keeps it, and the runner ignores it.
        ...(madeBy ? { madeBy } : {}),
        ...(zone ? { timezone: zone } : {}),
      },
      waitUntil: at,
    })
  }
  const placed = await fairQueue({ name: 'scheduling' }).run({
    owner: tenant,
    task: async () => {
      const locked = await withSessionLock({
        payload,
        key: `scheduled changes:${tenant}`,
        wait: true,
        work: queueOnce,
      })
      if (!locked.held) throw new Error('scheduled changes: the tenant lock was not taken')
      return locked.value
    },
  })
  if ('over' in placed) throw fairRefusal({ over: placed.over, work: 'schedulings' })
  const job = placed.value
  return {
    id: String(job.id),
    collection,
    record: id,
    action,
    at: at.toISOString(),
    createdBy: madeBy,
    createdAt: new Date(String(job.createdAt)).toISOString(),
  }
}

type Row = {
  id: string
  collection: string
  record: string
  action: string | null
  at: Date
  maker_type: string | null
  maker_id: string | null
  created_at: Date
}

/**
 * The tenant's changes still to come, soonest first; of one record, or one collection, when
 * asked. Jobs do not know tenants: each is joined to its record's table, whose tenant decides.
 */
export const upcomingChanges = async ({
  payload,
  tenant,
  collection,
  record,
  job,
}: {
  payload: Payload
  tenant: string
  collection?: string
  record?: string
  job?: string
}): Promise<ScheduledChange[]> => {
  const jobs = collectionTableName({ payload, collection: 'payload-jobs' })
  if (!jobs) return []
  const parts: string[] = []
  const params: unknown[] = [tenant, publishTask]
  for (const slug of schedulableCollections(payload)) {
    if (collection && slug !== collection) continue
    const table = collectionTableName({ payload, collection: slug })
    if (!table) continue
    params.push(slug)
    const slugParam = `$${params.length}`
    parts.push(
      `select j.id::text as id, ${slugParam}::text as collection, r.id::text as record,
        j.input->>'type' as action, j.wait_until as at, j.created_at,
        j.input->'madeBy'->>'type' as maker_type, j.input->'madeBy'->>'id' as maker_id
       from "${jobs}" j join "${table}" r on r.id::text = j.input->'doc'->>'value'
       where j.task_slug = $2 and j.completed_at is null and j.processing = false
         and j.has_error is not true
         and j.input->'doc'->>'relationTo' = ${slugParam} and r.tenant_id = $1`,
    )
  }
  if (parts.length === 0) return []
  let filter = ''
  if (record) {
    params.push(record)
    filter += ` and record = $${params.length}`
  }
  if (job) {
    params.push(job)
    filter += ` and id = $${params.length}`
  }
  const { rows } = await postgresOf(payload).pool.query<Row>(
    `select * from (${parts.join(' union all ')}) upcoming where true${filter} order by at, id`,
    params,
  )
  return rows.map((row) => ({
    id: row.id,
    collection: row.collection,
    record: row.record,
    action: row.action === 'unpublish' ? 'unpublish' : 'publish',
    at: row.at.toISOString(),
    createdBy:
      row.maker_id && (row.maker_type === 'user' || row.maker_type === 'key')
        ? { type: row.maker_type, id: row.maker_id }
        : null,
    createdAt: row.created_at.toISOString(),
  }))
}

/** Cancels one of the tenant's changes to come; another tenant's is as missing as none. */
export const cancelScheduledChange = async ({
  payload,
  tenant,
  id,
}: {
  payload: Payload
  tenant: string
  id: string
}): Promise<void> => {
  const [change] = await upcomingChanges({ payload, tenant, job: id })
  if (!change) throw new NotFound()
  await payload.delete({ collection: 'payload-jobs', id, overrideAccess: true })
}
