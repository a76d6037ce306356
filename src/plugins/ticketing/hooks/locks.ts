import {
  ValidationError,
  type CollectionAfterDeleteHook,
  type CollectionBeforeChangeHook,
} from 'payload'

import { relationId, type RelationValue } from '../../../lib/relationId'
import { isSyncWrite } from '../defaults'
import { dropLinksOfRecord } from '../engine/links'
import { sameValue } from '../engine/plan'
import { valueAt } from '../engine/state'
import { fieldOwnership } from '../ownership'
import { providers } from '../providers/registry'
import type { ProviderName, SyncedKind } from '../types'

type Doc = Record<string, unknown> | null | undefined

const providerNames = Object.keys(fieldOwnership) as ProviderName[]

const connectedTo = (event: Doc): ProviderName | undefined =>
  providerNames.find((name) => (event?.[name] as Doc)?.syncConnected === true)

/**
 * The fields of a record that only the sync may change now, with the provider keeping them:
 * an event's provider-owned fields while it is sync-connected; a performance's while it is the
 * provider's (its ticketing system and that system's instance id) and its `event` is connected.
 * The admin reads the same to show them read-only.
 */
export const lockedFieldPaths = ({
  kind,
  record,
  event,
}: {
  kind: SyncedKind
  record: Doc
  /** A performance's event (its latest version); unused for events. */
  event?: Doc
}): { provider?: ProviderName; paths: readonly string[] } => {
  if (kind === 'events') {
    const provider = connectedTo(record)
    return provider ? { provider, paths: fieldOwnership[provider].events.provider } : { paths: [] }
  }
  const system = record?.ticketingSystem as ProviderName | undefined
  if (!system || !providerNames.includes(system)) return { paths: [] }
  if (!valueAt(record, `${system}.instanceId`)) return { paths: [] }
  if ((event?.[system] as Doc)?.syncConnected !== true) return { paths: [] }
  return { provider: system, paths: fieldOwnership[system]['event-instances'].provider }
}

const refuse = ({
  collection,
  provider,
  fields,
  req,
  why,
}: {
  collection: string
  provider: ProviderName
  fields: string[]
  req: Parameters<CollectionBeforeChangeHook>[0]['req']
  why: string
}): never => {
  const label = providers[provider].label
  throw new ValidationError({
    collection,
    req,
    errors: fields.map((path) => ({
      path,
      message: `${path} is kept by the ${label} sync while ${why} is sync-connected.`,
    })),
  })
}

/** Changed fields among `paths`: only what the write sets and differs from the stored value. */
const changedAmong = ({
  paths,
  data,
  original,
}: {
  paths: readonly string[]
  data: Doc
  original: Doc
}): string[] =>
  paths.filter((path) => {
    const next = valueAt(data, path)
    return next !== undefined && !sameValue(next, valueAt(original, path))
  })

/** Editors may not change an event's provider-owned fields while it stays sync-connected. */
export const lockEventFields: CollectionBeforeChangeHook = ({
  data,
  originalDoc,
  operation,
  context,
  req,
}) => {
  if (operation !== 'update' || isSyncWrite(context)) return data
  const before = lockedFieldPaths({ kind: 'events', record: originalDoc })
  const after = lockedFieldPaths({ kind: 'events', record: { ...originalDoc, ...data } })
  if (!before.provider || before.provider !== after.provider) return data
  const changed = changedAmong({ paths: before.paths, data, original: originalDoc })
  if (changed.length > 0)
    refuse({
      collection: 'events',
      provider: before.provider,
      fields: changed,
      req,
      why: 'the event',
    })
  return data
}

/** Editors may not change a synced performance's provider-owned fields while its event is connected. */
export const lockInstanceFields: CollectionBeforeChangeHook = async ({
  data,
  originalDoc,
  operation,
  context,
  req,
}) => {
  if (operation !== 'update' || isSyncWrite(context)) return data
  const system = originalDoc?.ticketingSystem as ProviderName | undefined
  if (!system || !providerNames.includes(system) || !valueAt(originalDoc, `${system}.instanceId`))
    return data
  const eventId = relationId(originalDoc?.event as RelationValue)
  if (!eventId) return data
  const event = await req.payload.findByID({
    collection: 'events',
    id: eventId,
    req,
    depth: 0,
    draft: true,
    overrideAccess: true,
    disableErrors: true,
  })
  const locked = lockedFieldPaths({
    kind: 'event-instances',
    record: originalDoc,
    event: event as unknown as Doc,
  })
  if (!locked.provider) return data
  const changed = changedAmong({ paths: locked.paths, data, original: originalDoc })
  if (changed.length > 0)
    refuse({
      collection: 'event-instances',
      provider: locked.provider,
      fields: changed,
      req,
      why: 'its event',
    })
  return data
}

/** A deleted record's sync links go with it, in its delete's transaction. */
export const dropLinksOnDelete =
  (kind: SyncedKind): CollectionAfterDeleteHook =>
  async ({ doc, req }) => {
    await dropLinksOfRecord({ req, kind, localId: String(doc.id) })
    return doc
  }
