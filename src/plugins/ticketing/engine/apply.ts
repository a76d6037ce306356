import {
  ValidationError,
  commitTransaction,
  createLocalReq,
  initTransaction,
  killTransaction,
  type Payload,
  type PayloadRequest,
} from 'payload'

import { allOrNothing } from '../../../db/allOrNothing'

import { slugify } from '../../../fields/slugify'
import { syncContext } from '../defaults'
import type { Connection, RecordError, RunRequest, SyncCounts } from '../types'
import { fetchImage, storeImage } from './importImage'
import { isImageToImport } from './imageToImport'
import { storeLink } from './links'
import { countedAs, inEventOrder, type Plan, type Step } from './plan'
import type { CmsEvent } from './state'

/** `{ 'spektrix.instanceId': x }` as Payload takes it: `{ spektrix: { instanceId: x } }`. */
export const nest = (flat: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const [path, value] of Object.entries(flat)) {
    const keys = path.split('.')
    let at = out
    for (const key of keys.slice(0, -1)) {
      at[key] = { ...((at[key] as Record<string, unknown> | undefined) ?? {}) }
      at = at[key] as Record<string, unknown>
    }
    at[keys[keys.length - 1]!] = value
  }
  return out
}

const messageOf = (err: unknown): string => {
  const e = err as { message?: string; data?: { errors?: { path?: string; message?: string }[] } }
  const fields = e?.data?.errors?.map((f) => `${f.path}: ${f.message}`).join('; ')
  return fields ? `${e.message ?? 'Refused'} (${fields})` : (e?.message ?? String(err))
}

const isSlugTaken = (err: unknown): boolean =>
  err instanceof ValidationError &&
  err.data.errors.some((e) => e.path.split(/,\s*/).includes('slug'))

/**
 * Two provider events of one name (one show at two venues) would take one slug: the second is
 * imported with the provider id's start beside its name.
 */
const withOwnSlug = (step: Step): Step => ({
  ...step,
  data: {
    ...step.data,
    slugLock: false,
    slug: slugify(`${String(step.data.title ?? '')} ${step.entry.externalId.slice(0, 12)}`),
  },
})

const isEventCreate = (step: Step): boolean =>
  step.entry.action === 'create' && step.entry.kind === 'events'

/**
 * The plan's new events after the first of each name get their own slug before they are
 * written: in one group's transaction the second would find the first's slug taken, and the
 * whole group would fail and be written again one record at a time.
 */
const ownSlugsForNamesakes = (steps: readonly Step[]): Step[] => {
  const named = new Set<string>()
  return steps.map((step) => {
    if (!isEventCreate(step) || step.data.slugLock === false) return step
    const slug = slugify(String(step.data.title ?? ''))
    if (!named.has(slug)) {
      named.add(slug)
      return step
    }
    return withOwnSlug(step)
  })
}

/** How often a long run tells the runner it is alive, in records. */
const heartbeatEvery = 50

/**
 * Groups written at once, each in a transaction of its own: the pool's connections are shared
 * with every request.
 */
export const writeConcurrency = 4

/**
 * Records a transaction writes: a group's change log, event dates and commit are written once
 * for all of them (`atCommit.ts`). A record the group cannot write rolls it back, and then each
 * of its records is written alone, so the others are kept and only that one is reported.
 */
export const writeGroupSize = 25

/**
 * Writes the plan, records with their links in groups of `writeGroupSize` a transaction,
 * through Payload's Local API (so the change log, webhooks and the read cache see them), as the
 * sync: access overridden, the connection's tenant set on what it creates, `syncContext` on
 * every write. Events first (a new performance needs its event's id), then performances, a few
 * groups at a time. One record that fails is reported and the run goes on; the run's deadline
 * is checked before each group and each record written alone, and every transaction first
 * takes the run's claim (`holdClaim`), so a run taken up elsewhere writes nothing more.
 */
export const applyPlan = async ({
  payload,
  run,
  plan,
  events,
  counts,
  errors,
}: {
  payload: Payload
  run: RunRequest
  plan: Plan
  events: CmsEvent[]
  counts: SyncCounts
  errors: RecordError[]
}): Promise<{ stoppedAt?: number }> => {
  const { connection } = run
  const eventIds = new Map(
    events
      .filter((e) => e.connected)
      .flatMap((e) => e.externalIds.map((id) => [id, e.id] as const)),
  )
  const all = [...plan.steps, ...plan.refreshes]
  const phases = [
    all.filter((s) => s.entry.kind === 'events'),
    all.filter((s) => s.entry.kind !== 'events'),
  ]
  let done = 0
  let stopped = false
  // Why the run lost its claim: every write from then on fails, and the run ends on it.
  let lost: unknown
  const claimed = async (req: PayloadRequest): Promise<void> => {
    try {
      await run.holdClaim?.(req)
    } catch (err) {
      stopped = true
      lost = err
      throw err
    }
  }
  const written = (step: Step): void => {
    if (Object.keys(step.data).length > 0) counts[countedAs[step.entry.action]]++
  }
  const one = async (step: Step): Promise<void> => {
    try {
      const noted = new Set<string>()
      const note = (message: string): void => {
        // A slug retry stores the image again: its refusal is said once.
        if (noted.has(message)) return
        noted.add(message)
        errors.push({
          kind: step.entry.kind,
          externalId: step.entry.externalId,
          recordId: step.entry.recordId,
          message,
        })
      }
      // Fetched once, before any transaction: a slow image host holds no pooled connection.
      const planned = step.data.image
      const image = isImageToImport(planned)
        ? await fetchImage({
            config: payload.config,
            tenantId: connection.tenantId,
            image: planned,
          })
        : undefined
      const write = (step: Step) =>
        writeStep({ payload, connection, step, eventIds, note, image, claimed })
      const recordId = await write(step).catch((err) => {
        if (!isSlugTaken(err) || !isEventCreate(step)) throw err
        return write(withOwnSlug(step))
      })
      if (isEventCreate(step)) eventIds.set(step.entry.externalId, recordId)
      written(step)
    } catch (err) {
      if (lost) throw lost
      counts.failed++
      errors.push({
        kind: step.entry.kind,
        externalId: step.entry.externalId,
        recordId: step.entry.recordId,
        message: messageOf(err),
      })
    }
  }
  const grouped = async (group: Step[]): Promise<void> => {
    let ids: string[]
    try {
      ids = await writeGroup({ payload, connection, steps: group, eventIds, claimed })
    } catch {
      if (lost) throw lost
      for (const [i, step] of group.entries()) {
        if (stopped || Date.now() >= run.deadline) {
          // What was not written is not done: the run says how far it got.
          stopped = true
          done -= group.length - i
          return
        }
        await one(step)
      }
      return
    }
    for (const [i, step] of group.entries()) {
      if (isEventCreate(step)) eventIds.set(step.entry.externalId, ids[i]!)
      written(step)
    }
  }
  for (const [phase, planned] of phases.entries()) {
    // The performances once their events are written, when every event's id is known.
    const steps =
      phase === 0 ? ownSlugsForNamesakes(planned) : inEventOrder({ steps: planned, eventIds })
    let next = 0
    // The next records in order; one whose image is fetched first is written alone.
    const take = (): Step[] => {
      const group: Step[] = []
      while (next < steps.length && group.length < writeGroupSize) {
        const alone = isImageToImport(steps[next]!.data.image)
        if (alone && group.length > 0) break
        group.push(steps[next++]!)
        if (alone) break
      }
      return group
    }
    const worker = async (): Promise<void> => {
      while (next < steps.length && !stopped) {
        if (Date.now() >= run.deadline) {
          stopped = true
          return
        }
        const group = take()
        const before = done
        done += group.length
        if (Math.floor(done / heartbeatEvery) > Math.floor(before / heartbeatEvery))
          await run.heartbeat().catch((err: unknown) => {
            // The run is no longer this server's: no worker writes another record.
            stopped = true
            throw err
          })
        await (group.length === 1 ? one(group[0]!) : grouped(group))
      }
    }
    // Every worker's write ends before the run does (its counts include them), the first
    // failure then ends the run: the others stop after the group they are writing.
    const ended = await Promise.allSettled(
      Array.from({ length: Math.min(writeConcurrency, steps.length) }, worker),
    )
    const failure = ended.find((result) => result.status === 'rejected')
    if (failure) throw failure.reason
    if (stopped) return { stoppedAt: done }
  }
  return {}
}

type WriteArgs = {
  payload: Payload
  connection: Connection
  step: Step
  eventIds: Map<string, string>
  /** Something the record was written without, for the run's errors. */
  note: (message: string) => void
  /** The provider's image the plan imports, fetched (or refused) before the transaction. */
  image?: Awaited<ReturnType<typeof fetchImage>>
  /** Takes the run's claim in the transaction, before anything is written. */
  claimed: (req: PayloadRequest) => Promise<void>
}

/** One record and its link, in a transaction of its own. */
const writeStep = async (args: WriteArgs): Promise<string> => {
  const req = await createLocalReq({ context: { ...syncContext } }, args.payload)
  await initTransaction(req)
  try {
    await args.claimed(req)
    const recordId = await writeRecord({ ...args, req })
    await commitTransaction(req)
    return recordId
  } catch (err) {
    await killTransaction(req)
    throw err
  }
}

/** Records without images and their links in one transaction, all or none; their ids in order. */
const writeGroup = ({
  payload,
  connection,
  steps,
  eventIds,
  claimed,
}: Pick<WriteArgs, 'payload' | 'connection' | 'eventIds' | 'claimed'> & {
  steps: readonly Step[]
}): Promise<string[]> =>
  allOrNothing({
    payload,
    items: steps,
    path: 'steps',
    context: { ...syncContext },
    write: async ({ req, item }) => {
      if (item === steps[0]) await claimed(req)
      return writeRecord({
        payload,
        connection,
        step: item,
        eventIds,
        req,
        claimed,
        note: () => undefined,
      })
    },
  })

/** The step's record and its link, in `req`'s transaction. */
const writeRecord = async ({
  payload,
  connection,
  step,
  eventIds,
  note,
  image,
  req,
}: WriteArgs & { req: PayloadRequest }): Promise<string> => {
  const { entry } = step
  const common = {
    req,
    overrideAccess: true,
    context: { ...syncContext },
    depth: 0,
  } as const
  const data = nest(step.data)
  let recordId = entry.recordId
  if (image) {
    const stored =
      'refused' in image
        ? image
        : await storeImage({ req, tenantId: connection.tenantId, fetched: image })
    if ('id' in stored) data.image = stored.id
    else {
      delete data.image
      note(stored.refused)
    }
  }
  if (entry.kind === 'events') {
    const status = { _status: step.draft ? 'draft' : 'published' } as const
    if (entry.action === 'create') {
      const doc = await payload.create({
        ...common,
        collection: 'events',
        draft: step.draft,
        data: { ...data, ...status, tenant: connection.tenantId } as never,
      })
      recordId = String(doc.id)
    } else if (Object.keys(data).length > 0) {
      await payload.update({
        ...common,
        collection: 'events',
        id: recordId!,
        draft: step.draft,
        data: { ...data, ...status } as never,
      })
    }
  } else if (entry.action === 'create') {
    const eventId = eventIds.get(step.eventExternalId ?? '')
    if (!eventId) throw new Error('Its event could not be written, so it was not created.')
    const doc = await payload.create({
      ...common,
      collection: 'event-instances',
      data: { ...data, event: eventId, tenant: connection.tenantId } as never,
    })
    recordId = String(doc.id)
  } else if (Object.keys(data).length > 0) {
    await payload.update({
      ...common,
      collection: 'event-instances',
      id: recordId!,
      data: data as never,
    })
  }
  await storeLink({
    req,
    tenantId: connection.tenantId,
    connectionId: connection.id,
    link: {
      kind: entry.kind,
      externalId: entry.externalId,
      localId: recordId!,
      sourceHash: step.link.sourceHash,
      hiddenBySync: step.link.hiddenBySync,
    },
  })
  return recordId!
}
