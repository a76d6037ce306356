import type { CollectionBeforeChangeHook } from 'payload'
import { ValidationError } from 'payload'

import { relationId, type RelationValue } from '../../../lib/relationId'
import { readSettings } from '../../../lib/settings'

/**
 * A record's files are kept under its tenant's id: with a bucket, every object of one tenant
 * shares that prefix, so a tenant's files can be listed, exported or deleted alone. The id, not
 * the slug: a slug may be renamed, which would split a tenant's files across two prefixes.
 * Whatever a client sent is overwritten, so no client picks where an object goes. It runs
 * before the storage adapter's hooks, which read the prefix when they upload.
 *
 * A super-admin may move a record to another tenant; in a bucket its objects would stay under
 * the old tenant's prefix while the record named the new one (unreadable there, and left behind
 * when the record is deleted), so with a bucket such a move must bring its file again.
 */
export const setPrefix: CollectionBeforeChangeHook = ({ data, originalDoc, req }) => {
  const tenantId = relationId((data.tenant ?? originalDoc?.tenant) as RelationValue)
  const before = originalDoc?.prefix as string | null | undefined
  if (tenantId && before && before !== tenantId && !req.file && readSettings().s3) {
    throw new ValidationError({
      collection: 'media',
      errors: [
        {
          path: 'tenant',
          message:
            "A media item's files stay in its tenant's folder of the bucket: to move it to another tenant, upload its file again with the move.",
        },
      ],
    })
  }
  if (tenantId) data.prefix = tenantId
  else if (originalDoc) data.prefix = originalDoc.prefix
  return data
}
