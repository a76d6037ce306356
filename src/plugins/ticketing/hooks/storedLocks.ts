import type { PayloadRequest } from 'payload'

import { relationId, type RelationValue } from '../../../lib/relationId'
import type { ProviderName, SyncedKind } from '../types'
import { lockedFieldPaths } from './locks'

type Doc = Record<string, unknown>
type Locks = { provider?: ProviderName; paths: readonly string[] }

/**
 * Each request's answers, by kind and record: the admin asks once per locked field when it
 * works out what an editor may change, and a write asks again in its lock hook.
 */
const asked = new WeakMap<PayloadRequest, Map<string, Promise<Locks>>>()

/**
 * The fields of a stored record that only the sync may change now. A performance's depend on
 * its event's link (its latest version: a connected draft locks as the live one does).
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
  const key = `${kind}:${String(doc.id)}`
  const known = memo.get(key)
  if (known) return known
  const found = (async (): Promise<Locks> => {
    if (kind === 'events') return lockedFieldPaths({ kind, record: doc })
    const eventId = relationId(doc.event as RelationValue)
    if (!eventId) return { paths: [] }
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
