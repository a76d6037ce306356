import { sql } from '@payloadcms/db-postgres'
import type { CollectionBeforeChangeHook } from 'payload'

import { executeInRequest } from '../../../db/inTransaction'
import { collectionTableName } from '../../../db/postgres'
import { tenantMovedTo } from '../../../hooks/tenantMove'
import { publishTask } from '../defaults'

/**
 * A record that moves to another tenant leaves its scheduled changes behind: they were made by
 * the old tenant's editors and keys, and a key's change runs as the system, so it would
 * otherwise publish or unpublish a record that is now another tenant's. Cancelled in the
 * move's own transaction.
 */
export const cancelScheduledOnMove: CollectionBeforeChangeHook = async ({
  collection,
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (!tenantMovedTo({ data, originalDoc, operation })) return data
  const jobs = collectionTableName({ payload: req.payload, collection: 'payload-jobs' })
  if (!jobs || originalDoc?.id === undefined) return data
  await executeInRequest({
    req,
    query: sql`delete from ${sql.identifier(jobs)}
      where task_slug = ${publishTask} and completed_at is null
        and input->'doc'->>'relationTo' = ${collection.slug}
        and input->'doc'->>'value' = ${String(originalDoc.id)}`,
  })
  return data
}
