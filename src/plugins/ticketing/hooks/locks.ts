import {
  ValidationError,
  type CollectionAfterDeleteHook,
  type CollectionBeforeChangeHook,
} from 'payload'

import { relationId, type RelationValue } from '../../../lib/relationId'
import { isSyncWrite, providerLabels } from '../defaults'
import { dropLinksOfRecord } from '../engine/links'
import { sameValue } from '../engine/plan'
import { valueAt } from '../engine/state'
import type { SyncProviderName, SyncedKind } from '../types'
import { lockedFieldPaths } from './lockedPaths'
import { storedLocks } from './storedLocks'

type Doc = Record<string, unknown> | null | undefined

const refuse = ({
  collection,
  provider,
  fields,
  req,
  why,
}: {
  collection: string
  provider: SyncProviderName
  fields: string[]
  req: Parameters<CollectionBeforeChangeHook>[0]['req']
  why: string
}): never => {
  const label = providerLabels[provider]
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

const isGroup = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)

/**
 * The record as it would be after a write of `data`: a partial group (`{ lineup: { eventName } }`)
 * keeps the stored group's other values, so the write is not read as a disconnection.
 */
const overlaid = (stored: Doc, data: Doc): Record<string, unknown> => {
  const out: Record<string, unknown> = { ...stored }
  for (const [key, value] of Object.entries(data ?? {}))
    out[key] = isGroup(value) && isGroup(out[key]) ? overlaid(out[key] as Doc, value) : value
  return out
}

/** Editors may not change an event's provider-owned fields while it stays sync-connected. */
export const lockEventFields: CollectionBeforeChangeHook = async ({
  data,
  originalDoc,
  operation,
  context,
  req,
}) => {
  if (operation !== 'update' || isSyncWrite(context) || !originalDoc) return data
  const before = await storedLocks({ req, kind: 'events', doc: originalDoc })
  const after = lockedFieldPaths({ kind: 'events', record: overlaid(originalDoc, data) })
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

/**
 * Editors may not change a synced performance's provider-owned fields while its event is
 * connected, nor move it under a connected event from one that is not (either way, its
 * `event` is the box office's).
 */
export const lockInstanceFields: CollectionBeforeChangeHook = async ({
  data,
  originalDoc,
  operation,
  context,
  req,
}) => {
  if (operation !== 'update' || isSyncWrite(context) || !originalDoc) return data
  const locked = await storedLocks({ req, kind: 'event-instances', doc: originalDoc })
  let provider = locked.provider
  let paths = locked.paths
  const target = relationId(data?.event as RelationValue)
  if (!provider && target && target !== relationId(originalDoc.event as RelationValue)) {
    const there = await storedLocks({
      req,
      kind: 'event-instances',
      doc: { ...originalDoc, event: target },
    })
    provider = there.provider
    paths = there.paths.filter((path) => path === 'event')
  }
  if (!provider) return data
  const changed = changedAmong({ paths, data, original: originalDoc })
  if (changed.length > 0)
    refuse({
      collection: 'event-instances',
      provider,
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
