import type { Payload, Where } from 'payload'

import { relationId, type RelationValue } from '../../../lib/relationId'
import { fieldOwnership, providerPaths } from '../ownership'
import type { Provider } from '../providers/types'
import type { Connection } from '../types'
import { isEmptyRichText } from './plainRichText'

/** A CMS event that names a provider event, as the plan reads it (its latest version). */
export type CmsEvent = {
  id: string
  /** The box-office events it names (Tessitura: several seasons); the first seeds it. */
  externalIds: string[]
  /** `<provider>.syncConnected`: off, the link is kept but the sync leaves it alone. */
  connected: boolean
  syncToPublished: boolean
  /** Its latest version is a draft: an editor's pending changes, which a sync must not publish. */
  latestIsDraft: boolean
  /** `selected`: only `selected` performances; otherwise every one in the window. */
  selected: Set<string> | null
  /** Performances kept only when one of their keywords is among these; null: no filter. */
  keywordFilter: string[] | null
  /** Seed fields as they are (every seed path of the ownership map), to fill only the empty ones. */
  seeds: Record<string, unknown>
  /** The provider-owned event paths beyond its ids (`lineup.eventName`), as they are. */
  values: Record<string, unknown>
}

/** A CMS performance of one of those events. */
export type CmsInstance = {
  id: string
  eventId: string
  externalId: string | null
  start: string | null
  hidden: boolean
  /** Provider-owned fields as they are, by path. */
  values: Record<string, unknown>
}

type Doc = Record<string, unknown>

/**
 * Each box-office event id to the CMS event naming it (one CMS event may name several); of two
 * naming one id, the connected one wins.
 */
export const eventsByExternalId = (events: readonly CmsEvent[]): Map<string, CmsEvent> => {
  const byExternal = new Map<string, CmsEvent>()
  for (const event of events)
    for (const externalId of event.externalIds) {
      const known = byExternal.get(externalId)
      if (!known || (!known.connected && event.connected)) byExternal.set(externalId, event)
    }
  return byExternal
}

/** Ids in one `in` query: well under PostgreSQL's bind parameters per statement. */
const idsPerQuery = 1000

export const valueAt = (doc: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((at, key) => (at as Doc | null | undefined)?.[key], doc)

/**
 * The tenant's events that name a provider event (connected or not: a paused link still
 * stops the same event being imported twice) and their performances.
 */
export const readCmsState = async ({
  payload,
  connection,
  cms,
  instancePaths,
  linkedIds,
  elsewhere: taken,
}: {
  payload: Payload
  connection: Connection
  /** The provider's reading of its event group. */
  cms: Provider['cms']
  /** Records another connection of the tenant synced (`linkedElsewhere`): left out. */
  elsewhere: ReadonlySet<string>
  instancePaths: readonly string[]
  /** The connection's linked performances: read wherever they sit now, so one moved is found. */
  linkedIds: readonly string[]
}): Promise<{ events: CmsEvent[]; instances: CmsInstance[] }> => {
  const group = connection.provider
  const paths = providerPaths[group]
  const ownership = fieldOwnership[group].events
  const valuePaths = ownership.provider.filter((path) => path !== paths.eventIds)
  const found = await payload.find({
    collection: 'events',
    where: {
      and: [{ tenant: { equals: connection.tenantId } }, { [paths.eventIds]: { exists: true } }],
    },
    draft: true,
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  const events: CmsEvent[] = []
  for (const doc of found.docs as unknown as Doc[]) {
    if (taken.has(String(doc.id))) continue
    const link = cms.readEventLink(doc[group] as Doc | null | undefined)
    const externalIds = (link?.externalIds ?? []).map((id) => id.trim()).filter(Boolean)
    if (!link || externalIds.length === 0) continue
    events.push({
      id: String(doc.id),
      externalIds,
      connected: link.connected,
      syncToPublished: link.syncToPublished,
      latestIsDraft: doc._status === 'draft',
      selected: link.selected,
      keywordFilter: link.keywordFilter,
      seeds: Object.fromEntries(
        ownership.seed.map((path) => {
          const value = valueAt(doc, path)
          // An emptied rich-text field is a root with an empty paragraph: none, to a seed.
          if (path === 'description') return [path, isEmptyRichText(value) ? null : value]
          return [path, value ?? null]
        }),
      ),
      values: Object.fromEntries(valuePaths.map((path) => [path, valueAt(doc, path)])),
    })
  }
  const connectedIds = events.filter((e) => e.connected).map((e) => e.id)
  const instances: CmsInstance[] = []
  const add = (docs: Doc[]): void => {
    for (const doc of docs) {
      if (taken.has(String(doc.id))) continue
      const externalId = valueAt(doc, paths.instanceId)
      instances.push({
        id: String(doc.id),
        eventId: relationId(doc.event as RelationValue) ?? '',
        externalId: typeof externalId === 'string' && externalId ? externalId : null,
        start: typeof doc.startDate === 'string' ? doc.startDate : null,
        hidden: doc.hidden === true,
        values: Object.fromEntries(instancePaths.map((path) => [path, valueAt(doc, path)])),
      })
    }
  }
  const findInstances = async (where: Where): Promise<Doc[]> =>
    (
      await payload.find({
        collection: 'event-instances',
        where: { and: [{ tenant: { equals: connection.tenantId } }, where] },
        pagination: false,
        depth: 0,
        overrideAccess: true,
      })
    ).docs as unknown as Doc[]
  for (let at = 0; at < connectedIds.length; at += idsPerQuery)
    add(await findInstances({ event: { in: connectedIds.slice(at, at + idsPerQuery) } }))
  // Linked performances an editor moved under another event (connected or not).
  const read = new Set(instances.map((i) => i.id))
  const elsewhere = linkedIds.filter((id) => !read.has(id))
  for (let at = 0; at < elsewhere.length; at += idsPerQuery)
    add(await findInstances({ id: { in: elsewhere.slice(at, at + idsPerQuery) } }))
  return { events, instances }
}
