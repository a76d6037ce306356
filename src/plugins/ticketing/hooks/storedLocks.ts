import type { PayloadRequest } from 'payload'

import { relationId, type RelationValue } from '../../../lib/relationId'
import { isLinked } from '../engine/links'
import type { SyncProviderName, SyncedKind } from '../types'
import { instanceProvider, lockedFieldPaths } from './lockedPaths'

type Doc = Record<string, unknown>
export type Locks = { provider?: SyncProviderName; paths: readonly string[] }

const none: Locks = { paths: [] }

/**
 * Each request's answers, by kind, record and (for a performance) event: the admin asks once
 * per locked field when it works out what an editor may change, and a write asks again in its
 * lock hook.
 */
const asked = new WeakMap<PayloadRequest, Map<string, Promise<Locks>>>()

/**
 * The fields of a stored record that only the sync may change now: only a record a sync wrote
 * (it has a link of a connection) whose event is sync-connected (a performance's: its event's
 * latest version, so a connected draft locks as the live one does). Old data that merely names
 * a provider's ids, in a tenant with no connection, stays the editors'.
 */
export const storedLocks = ({
  req,
  kind,
  doc,
}: {
  req: PayloadRequest
  kind: SyncedKind
  doc: Doc
}): Promise<Locks> => {
  const memo = asked.get(req) ?? new Map<string, Promise<Locks>>()
  asked.set(req, memo)
  const eventId = kind === 'events' ? '' : (relationId(doc.event as RelationValue) ?? '')
  const key = `${kind}:${String(doc.id)}:${eventId}`
  const known = memo.get(key)
  if (known) return known
  const found = (async (): Promise<Locks> => {
    if (kind === 'events') {
      const locks = lockedFieldPaths({ kind, record: doc })
      if (!locks.provider) return none
      return (await isLinked({ req, kind, localId: String(doc.id) })) ? locks : none
    }
    // Cheap checks first: a performance that names no provider's instance is never locked.
    if (!instanceProvider(doc)) return none
    if (!eventId || !(await isLinked({ req, kind, localId: String(doc.id) }))) return none
    const event = await req.payload.findByID({
      collection: 'events',
      id: eventId,
      req,
      depth: 0,
      draft: true,
      overrideAccess: true,
      disableErrors: true,
    })
    return lockedFieldPaths({ kind, record: doc, event: event as unknown as Doc })
  })()
  memo.set(key, found)
  return found
}
