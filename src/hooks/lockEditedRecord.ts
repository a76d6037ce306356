import type {
  CollectionBeforeChangeHook,
  CollectionBeforeDeleteHook,
  CollectionBeforeOperationHook,
  CollectionSlug,
  PayloadRequest,
} from 'payload'
import { Forbidden } from 'payload'

import { lockRecord } from '../db/recordTenants'
import { isUuid } from '../lib/uuid'

/** Set by a bulk write that applies its user's access, until the next bulk write of the kind. */
const bulkRecheck = (slug: string) => `recheckBulkWriteOf:${slug}`

/**
 * An update or delete of one record takes the record's row before Payload reads it to check
 * access and merge the changes. Payload then writes the whole record, tenant included: read
 * before a move to another tenant committed, a save by the old tenant's editor or key would
 * have written into the new tenant's record and moved it back, and a move read before an edit
 * committed would have written the edit away. With the row taken first, the second of the two
 * waits, then reads what the first committed: the old tenant no longer finds the record, and
 * the move keeps the edit. A bulk update or delete (by a filter) reads its records before any
 * hook runs: `lockBulkWrittenRecord` takes each one's row as it is written.
 */
export const lockEditedRecord: CollectionBeforeOperationHook = async ({
  args,
  collection,
  operation,
}) => {
  if (operation !== 'update' && operation !== 'delete') return args
  const { id, req, overrideAccess } = args as {
    id?: unknown
    req?: PayloadRequest
    overrideAccess?: boolean
  }
  if (!req) return args
  if (id === undefined) {
    // A bulk write: its records are read again only for a user whose access it applies.
    req.context[bulkRecheck(collection.slug)] = overrideAccess !== true
    return args
  }
  if ((typeof id !== 'string' && typeof id !== 'number') || !isUuid(String(id))) return args
  await lockRecord({ req, collection: collection.slug, id: String(id), mode: 'edit' })
  return args
}

/**
 * A bulk update or delete read its records, with the user's access, before it took their rows:
 * each record's row is taken as it is written and the record read again with the same access,
 * and one that has left the user's reach since (moved to another tenant) is refused. A record
 * whose row the transaction already holds was read after it was taken (`lockEditedRecord`).
 */
const recheckAfterLock = async ({
  req,
  collection,
  id,
}: {
  req: PayloadRequest
  collection: CollectionSlug
  id: string
}): Promise<void> => {
  if (!req.context[bulkRecheck(collection)] || !isUuid(id)) return
  if (!(await lockRecord({ req, collection, id, mode: 'edit' }))) return
  const { docs } = await req.payload.find({
    collection,
    where: { id: { equals: id } },
    select: {},
    depth: 0,
    limit: 1,
    pagination: false,
    overrideAccess: false,
    user: req.user,
    req,
  })
  if (docs.length === 0) throw new Forbidden(req.t)
}

export const lockBulkWrittenRecord: {
  beforeChange: CollectionBeforeChangeHook
  beforeDelete: CollectionBeforeDeleteHook
} = {
  beforeChange: async ({ collection, data, operation, originalDoc, req }) => {
    if (operation === 'update' && originalDoc?.id !== undefined)
      await recheckAfterLock({ req, collection: collection.slug, id: String(originalDoc.id) })
    return data
  },
  beforeDelete: async ({ collection, id, req }) => {
    await recheckAfterLock({ req, collection: collection.slug, id: String(id) })
  },
}
