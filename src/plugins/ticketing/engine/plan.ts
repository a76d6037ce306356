import { fieldOwnership, providerPaths } from '../ownership'
import type {
  Catalogue,
  Provider,
  ProviderEvent,
  ProviderInstance,
  Window,
} from '../providers/types'
import type { Connection, FieldChange, PlanEntry, SyncedKind } from '../types'
import { cancelRule } from './cancelRule'
import { linkKey, type Link } from './links'
import { imageToImport } from './imageToImport'
import { plainRichText } from './plainRichText'
import { sourceHash } from './sourceHash'
import { eventsByExternalId, type CmsEvent, type CmsInstance } from './state'

/** One write a run makes: a record (or only its link, when nothing it holds changes). */
export type Step = {
  entry: PlanEntry
  /** The record's fields to write, by path; empty: only the link is refreshed. */
  data: Record<string, unknown>
  /** An event of `syncToPublished` off: the write is a draft version. */
  draft: boolean
  /** A performance to create: its event, which may be created by this run. */
  eventExternalId?: string
  /** A performance in the CMS: its event there, which orders the writes (`inEventOrder`). */
  eventId?: string
  link: { sourceHash: string; hiddenBySync: boolean }
}

export type Plan = {
  /** Record writes, events first (a new performance needs its event's id). */
  steps: Step[]
  /** Links whose hash moved although no field of the record did. */
  refreshes: Step[]
  unchanged: number
  /** Performances of the connection in the window from now on, before this run. */
  knownFuture: number
}

/** The fields a mapping may write for a kind, and whether each is the box office's or a seed. */
const owner = ({
  connection,
  kind,
  path,
}: {
  connection: Connection
  kind: SyncedKind
  path: string
}): 'provider' | 'seed' => {
  const map = fieldOwnership[connection.provider][kind]
  if (map.provider.includes(path)) return 'provider'
  if (map.seed.includes(path)) return 'seed'
  throw new Error(`ownership.ts does not say who owns ${kind}.${path}`)
}

const isEmpty = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '')

const isoOrSame = (value: unknown): unknown => {
  if (value instanceof Date) return value.toISOString()
  // A relationship as the admin may hold it (populated) and as it is stored (the id).
  if (value && typeof value === 'object' && 'id' in value && !Array.isArray(value))
    return String((value as { id: unknown }).id)
  // An admin form sends an empty field as "": the same as none.
  if (value === '') return null
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value)) {
    const at = new Date(value)
    if (!Number.isNaN(at.getTime())) return at.toISOString()
  }
  return value ?? null
}

/** Equal as partners read them: instants by their time, missing or empty as null. */
export const sameValue = (a: unknown, b: unknown): boolean =>
  JSON.stringify(isoOrSame(a)) === JSON.stringify(isoOrSame(b))

/**
 * What to write of `wanted` over `current`: provider-owned fields that differ, seed fields only
 * where the record has none. The ownership map is the only judge.
 */
const changesOf = ({
  connection,
  kind,
  wanted,
  current,
}: {
  connection: Connection
  kind: SyncedKind
  wanted: Record<string, unknown>
  current: Record<string, unknown>
}): FieldChange[] =>
  Object.entries(wanted).flatMap(([field, to]) => {
    const from = current[field] ?? null
    const who = owner({ connection, kind, path: field })
    if (who === 'seed' && !isEmpty(from)) return []
    if (sameValue(from, to)) return []
    return [{ field, from: isoOrSame(from), to: isoOrSame(to) }]
  })

/** A created record's values, each path checked against the ownership map (`owner` throws). */
const createdChanges = ({
  connection,
  kind,
  values,
}: {
  connection: Connection
  kind: SyncedKind
  values: Record<string, unknown>
}): FieldChange[] =>
  Object.entries(values).map(([field, to]) => {
    owner({ connection, kind, path: field })
    return { field, from: null, to }
  })

const dataOf = (changes: FieldChange[]): Record<string, unknown> =>
  Object.fromEntries(changes.map((c) => [c.field, c.to]))

/** The provider's values of an event's fields the sync writes (its own `fields` last). */
const eventValues = (event: ProviderEvent): Record<string, unknown> => ({
  title: event.title,
  description: plainRichText(event.description),
  // Imported when written (`importImage.ts`); the plan names where from.
  image: event.image ? imageToImport(event.image) : null,
  ...event.fields,
})

/** A group's values by path (`{ eventId }` of `spektrix` → `spektrix.eventId`), as plans hold them. */
const flatten = (group: string, values: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [`${group}.${key}`, value]))

/** The provider's values of a performance's fields the sync writes. */
export const instanceValues = ({
  connection,
  instance,
  eventId,
}: {
  connection: Connection
  instance: ProviderInstance
  /** Its event's CMS id; none while the event is imported by this run (set when written). */
  eventId?: string
}): Record<string, unknown> => ({
  ...(eventId ? { event: eventId } : {}),
  startDate: instance.start,
  endDate: instance.end,
  ticketingSystem: connection.provider,
  ticketingSystemId: instance.externalId,
  ...instance.fields,
  // The ids are the engine's, after the provider's fields: a module cannot move them.
  [providerPaths[connection.provider].instanceId]: instance.externalId,
  [providerPaths[connection.provider].instanceEventId]: instance.eventExternalId,
  ticketingUrl: instance.ticketingUrl,
  availability: instance.availability,
  onSale: instance.onSale,
  cancelled: instance.cancelled,
  providerStatus: instance.providerStatus,
})

/** Whether the event keeps this performance (`selected` events keep only the listed ones). */
const keeps = (event: CmsEvent, externalId: string): boolean =>
  !event.selected || event.selected.has(externalId)

/**
 * Works out every write a run makes, from the provider's catalogue and the CMS as it is, and
 * writes nothing: the dry run answers it, the real run applies it.
 */
export const planSync = ({
  connection,
  cms: provider,
  now,
  window,
  catalogue,
  events,
  instances,
  links,
}: {
  connection: Connection
  /** The provider's event link: what an imported event's group holds. */
  cms: Pick<Provider['cms'], 'newEventLink'>
  now: Date
  window: Window
  catalogue: Catalogue
  events: CmsEvent[]
  instances: CmsInstance[]
  links: Map<string, Link>
}): Plan => {
  const steps: Step[] = []
  const refreshes: Step[] = []
  let unchanged = 0

  const byExternal = eventsByExternalId(events)
  const created = new Map<string, { syncToPublished: boolean }>()

  // Events: the linked ones get their empty seed fields filled; new ones are imported.
  const eventsSeen = new Set<string>()
  for (const event of catalogue.events) {
    if (eventsSeen.has(event.externalId)) continue
    eventsSeen.add(event.externalId)
    const hash = sourceHash({ kind: 'events', event })
    const cms = byExternal.get(event.externalId)
    const link = links.get(linkKey('events', event.externalId))
    if (!cms) {
      if (!connection.importNewEvents) continue
      created.set(event.externalId, { syncToPublished: connection.syncToPublished })
      const values = eventValues(event)
      steps.push({
        entry: {
          action: 'create',
          kind: 'events',
          externalId: event.externalId,
          title: event.title,
          changes: createdChanges({ connection, kind: 'events', values }),
        },
        data: {
          ...values,
          ...flatten(
            connection.provider,
            provider.newEventLink({
              externalId: event.externalId,
              syncToPublished: connection.syncToPublished,
            }),
          ),
        },
        draft: !connection.syncToPublished,
        link: { sourceHash: hash, hiddenBySync: false },
      })
      continue
    }
    if (!cms.connected) continue
    if (link?.localId === cms.id && link.sourceHash === hash) {
      unchanged++
      continue
    }
    // A multi-id event takes its seeds and fields from its first id only; the others' events
    // only refresh their links.
    const changes =
      cms.externalIds[0] === event.externalId
        ? changesOf({
            connection,
            kind: 'events',
            wanted: eventValues(event),
            current: { ...cms.seeds, ...cms.values },
          })
        : []
    const step: Step = {
      entry: {
        action: 'update',
        kind: 'events',
        externalId: event.externalId,
        recordId: cms.id,
        title: event.title,
        changes,
      },
      data: dataOf(changes),
      // Never publishes an editor's pending draft along with the sync's change.
      draft: !cms.syncToPublished || cms.latestIsDraft,
      link: { sourceHash: hash, hiddenBySync: false },
    }
    if (changes.length === 0) {
      unchanged++
      refreshes.push(step)
    } else steps.push(step)
  }

  // Performances of connected (or just imported) events.
  const cmsByExternal = new Map<string, CmsInstance>()
  const cmsById = new Map(instances.map((i) => [i.id, i]))
  for (const instance of instances)
    if (instance.externalId) cmsByExternal.set(instance.externalId, instance)
  const seen = new Set<string>()
  for (const instance of catalogue.instances) {
    const event = byExternal.get(instance.eventExternalId)
    const imported = created.get(instance.eventExternalId)
    if (!imported && (!event || !event.connected || !keeps(event, instance.externalId))) continue
    // A box office that lists one id twice gets the first: two creates of one id would leave
    // two performances where it has one.
    if (seen.has(instance.externalId)) continue
    seen.add(instance.externalId)
    const link = links.get(linkKey('event-instances', instance.externalId))
    const cms =
      (link && cmsById.get(link.localId)) ?? cmsByExternal.get(instance.externalId) ?? undefined
    const hash = sourceHash({ kind: 'event-instances', instance })
    const wanted = instanceValues({ connection, instance, eventId: event?.id })
    if (!cms) {
      const syncToPublished = imported?.syncToPublished ?? event?.syncToPublished ?? false
      // A performance of an event whose synced changes wait for an editor waits too: it is
      // created hidden, and only an editor shows it (instances have no drafts).
      const hidden = instance.cancelled || !syncToPublished
      steps.push({
        entry: {
          action: 'create',
          kind: 'event-instances',
          externalId: instance.externalId,
          changes: [
            ...createdChanges({ connection, kind: 'event-instances', values: wanted }),
            { field: 'hidden', from: null, to: hidden },
          ],
        },
        data: { ...wanted, hidden },
        draft: false,
        eventExternalId: instance.eventExternalId,
        link: { sourceHash: hash, hiddenBySync: instance.cancelled && syncToPublished },
      })
      continue
    }
    const changes = changesOf({
      connection,
      kind: 'event-instances',
      wanted,
      current: cms.values,
    })
    // The same source is not enough: the box office's values in the CMS may have moved since
    // (written while the event was paused, or before it was connected again).
    if (link?.localId === cms.id && link.sourceHash === hash && changes.length === 0) {
      unchanged++
      continue
    }
    const shown = cancelRule({
      cancelled: instance.cancelled,
      hidden: cms.hidden,
      hiddenBySync: link?.hiddenBySync ?? false,
    })
    if (shown.change) changes.push(shown.change)
    const { hiddenBySync } = shown
    const cancelling = instance.cancelled && cms.values.cancelled !== true
    const step: Step = {
      entry: {
        action: cancelling ? 'cancel' : 'update',
        kind: 'event-instances',
        externalId: instance.externalId,
        recordId: cms.id,
        changes,
      },
      data: dataOf(changes),
      draft: false,
      eventId: cms.eventId,
      link: { sourceHash: hash, hiddenBySync },
    }
    if (changes.length === 0) {
      unchanged++
      refreshes.push(step)
    } else steps.push(step)
  }

  // Vanished: a performance the sync wrote, of a connected event, in the window from now on,
  // that the provider no longer lists. Hidden, never deleted; past ones and those outside the
  // window are left alone, as are a `selected` event's unlisted ones.
  const connectedById = new Map(events.filter((e) => e.connected).map((e) => [e.id, e]))
  let knownFuture = 0
  for (const link of links.values()) {
    if (link.kind !== 'event-instances') continue
    const cms = cmsById.get(link.localId)
    if (!cms?.start) continue
    const start = new Date(cms.start).getTime()
    if (start < now.getTime() || start > window.to.getTime()) continue
    knownFuture++
    const event = connectedById.get(cms.eventId)
    if (!event || !keeps(event, link.externalId)) continue
    if (seen.has(link.externalId) || cms.hidden) continue
    steps.push({
      entry: {
        action: 'remove',
        kind: 'event-instances',
        externalId: link.externalId,
        recordId: cms.id,
        changes: [{ field: 'hidden', from: false, to: true }],
      },
      data: { hidden: true },
      draft: false,
      eventId: cms.eventId,
      // A new hash: when it comes back, the run writes it (and shows it) again.
      link: { sourceHash: 'vanished', hiddenBySync: true },
    })
  }

  return { steps, refreshes, unchanged, knownFuture }
}

/** Which count a step of each action adds to. */
export const countedAs = {
  create: 'created',
  update: 'updated',
  cancel: 'cancelled',
  remove: 'removed',
} as const satisfies Record<PlanEntry['action'], string>

/** How many performances the plan hides because they vanished. */
export const removalsOf = (plan: Plan): number =>
  plan.steps.filter((s) => s.entry.action === 'remove').length

/**
 * Performance writes by their event in the CMS (a create's is known once the events are
 * written: `eventIds`, by the box office's id), then by their own id (creates last, in the
 * order planned). A write of a performance takes its row, then its event's (for the event's
 * dates) until it commits, as a commit takes its events' rows in this order too
 * (`performanceDates.ts`), and a delete of an event its performances' by id
 * (`lockDependants`). Groups written at once, each holding consecutive writes in this order,
 * then share at most the event at their edge: two groups with performances of the same events
 * in opposite orders each held one and waited for the other. A performance the box office moved
 * to another event takes that event too, out of this order: two such moves in opposite
 * directions, in two groups at once, can still wait for each other, and PostgreSQL then rolls
 * one group back, whose records are written again one by one.
 */
export const inEventOrder = ({
  steps,
  eventIds,
}: {
  steps: readonly Step[]
  eventIds: ReadonlyMap<string, string>
}): Step[] => {
  const keyOf = (step: Step): [string, string] => [
    step.eventId ?? eventIds.get(step.eventExternalId ?? '') ?? '',
    // After every id: a new record's id is made as it is written.
    step.entry.recordId ?? '\uffff',
  ]
  return steps
    .map((step, at) => ({ step, at, key: keyOf(step) }))
    .sort((a, b) => compareKeys(a.key, b.key) || a.at - b.at)
    .map(({ step }) => step)
}

const compareKeys = (a: readonly string[], b: readonly string[]): number => {
  for (const [i, x] of a.entries()) {
    const y = b[i] ?? ''
    if (x !== y) return x < y ? -1 : 1
  }
  return 0
}
