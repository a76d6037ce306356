import type { CollectionBeforeChangeHook } from 'payload'

import { relationId, type RelationValue } from '../../../lib/relationId'

/**
 * A record's files are kept under its tenant's id: with a bucket, every object of one tenant
 * shares that prefix, so a tenant's files can be listed, exported or deleted alone. The id, not
 * the slug: a slug may be renamed, which would split a tenant's files across two prefixes.
 * Whatever a client sent is overwritten, so no client picks where an object goes. It runs
 * before the storage adapter's hooks, which read the prefix when they upload.
 */
export const setPrefix: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const tenantId = relationId((data.tenant ?? originalDoc?.tenant) as RelationValue)
  if (tenantId) data.prefix = tenantId
  else if (originalDoc) data.prefix = originalDoc.prefix
  return data
}
