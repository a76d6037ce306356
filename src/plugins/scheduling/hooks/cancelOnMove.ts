import { sql } from '@payloadcms/db-postgres'
import type { CollectionBeforeChangeHook } from 'payload'
import { ValidationError } from 'payload'

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
  const cancelled = await executeInRequest<{ processing: boolean }>({
    req,
    query: sql`delete from ${sql.identifier(jobs)}
      where task_slug = ${publishTask} and completed_at is null
        and input->'doc'->>'relationTo' = ${collection.slug}
        and input->'doc'->>'value' = ${String(originalDoc.id)}
      returning processing`,
  })
  // One the runner has taken would still change the record once it is the new tenant's.
  if (cancelled.some((job) => job.processing))
    throw new ValidationError({
      collection: collection.slug,
      errors: [
        {
          path: 'tenant',
          message: 'A scheduled change of this record is running now; move it in a moment.',
        },
      ],
      req,
    })
  return data
}
