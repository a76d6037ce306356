import type {
  CollectionBeforeChangeHook,
  CollectionBeforeDeleteHook,
  CollectionBeforeOperationHook,
  CollectionSlug,
  PayloadRequest,
} from 'payload'
import { Forbidden } from 'payload'

import { isSuperAdmin } from '../access/isSuperAdmin'
import { userTenantIds } from '../access/tenantRoles'
import { holdsRecord, lockDependants, lockRecord } from '../db/recordTenants'
import { relationId, type RelationValue } from '../lib/relationId'
import { isUuid } from '../lib/uuid'
import type { User } from '../payload-types'

/** Set by a bulk write that applies its user's access, until the next bulk write of the kind. */
const bulkRecheck = (slug: string) => `recheckBulkWriteOf:${slug}`

/**
 * The lock a write takes first. A delete, and a save that may move the record (one that names
 * a tenant, by a super-admin, the only one who may move records), take the move's at once: a
 * write that asked for less and more later would wait for a performance's create that read the
 * record's tenant, which in turn waits for it to update the event's dates at its commit.
 */
const modeOf = ({
  operation,
  data,
  req,
}: {
  operation: 'update' | 'delete'
  data: unknown
  req: PayloadRequest
}): 'edit' | 'move' =>
  operation === 'delete' ||
  (typeof data === 'object' && data !== null && 'tenant' in data && isSuperAdmin(req.user))
    ? 'move'
    : 'edit'

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
  const { id, req, overrideAccess, data } = args as {
    id?: unknown
    req?: PayloadRequest
    overrideAccess?: boolean
    data?: unknown
  }
  if (!req) return args
  if (id === undefined) {
    // A bulk write: its deletes are read again only for a user whose access it applies.
    req.context[bulkRecheck(collection.slug)] = overrideAccess !== true
    return args
  }
  if ((typeof id !== 'string' && typeof id !== 'number') || !isUuid(String(id))) return args
  const mode = modeOf({ operation, data, req })
  const reach = overrideAccess === true ? {} : reachOf(req)
  const dependants = collection.custom?.deletesWith
  if (operation === 'delete' && dependants)
    await lockDependants({ req, dependants, id: String(id), ...reach })
  await lockRecord({ req, collection: collection.slug, id: String(id), mode, ...reach })
  return args
}

/**
 * The tenants whose records a user's write may take before Payload checks its access: a user
 * of other tenants would otherwise wait for a record being written, and learn from the wait
 * that it exists. A partner key acts as a member of its tenant (`tenantMember`), and so is held
 * to it too; a super-admin reaches every tenant.
 */
const reachOf = (req: PayloadRequest): { within?: string[] } =>
  req.user?.collection === 'users' && !isSuperAdmin(req.user)
    ? { within: userTenantIds({ user: req.user as User }) }
    : {}

/**
 * A bulk update or delete read its records before it took their rows, and so did a restore of
 * a version (its operation is given the version's id, not the record's): each record's row is
 * taken as it is written, before any other hook of the record runs. A save whose record has
 * moved to another tenant since it was read is refused (it would write the old tenant back
 * over the new one's record); a delete applying its user's access reads the record again with
 * that access and refuses one that has left the user's reach. A record whose row the
 * transaction already holds was read after it was taken (`lockEditedRecord`).
 */
export const lockBulkWrittenRecord: {
  beforeChange: CollectionBeforeChangeHook
  beforeDelete: CollectionBeforeDeleteHook
} = {
  beforeChange: async ({ collection, data, operation, originalDoc, req }) => {
    const id = String(originalDoc?.id)
    if (operation !== 'update' || !isUuid(id)) return data
    if (await holdsRecord({ req, collection: collection.slug, id })) return data
    const mode = modeOf({ operation, data, req })
    const locked = await lockRecord({ req, collection: collection.slug, id, mode })
    if (locked && locked.tenant !== relationId(originalDoc?.tenant as RelationValue))
      throw new Forbidden(req.t)
    return data
  },
  beforeDelete: async ({ collection, id, req }) => {
    if (!isUuid(String(id))) return
    if (await holdsRecord({ req, collection: collection.slug, id: String(id) })) return
    const dependants = collection.custom?.deletesWith
    // A user's bulk delete read the record with the user's access, which a move may have ended
    // since: its dependants are taken within the user's reach, as by id.
    const reach = req.context[bulkRecheck(collection.slug)] ? reachOf(req) : {}
    if (dependants) await lockDependants({ req, dependants, id: String(id), ...reach })
    await lockRecord({ req, collection: collection.slug, id: String(id) })
    if (req.context[bulkRecheck(collection.slug)])
      await refuseUnreachable({ req, collection: collection.slug, id: String(id) })
  },
}

const refuseUnreachable = async ({
  req,
  collection,
  id,
}: {
  req: PayloadRequest
  collection: CollectionSlug
  id: string
}): Promise<void> => {
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
