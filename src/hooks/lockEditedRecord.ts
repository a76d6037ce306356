import type { CollectionBeforeOperationHook } from 'payload'

import { lockRecord } from '../db/recordTenants'
import { isUuid } from '../lib/uuid'

/**
 * An update or delete of one record takes the record's row before Payload reads it to check
 * access and merge the changes. Payload then writes the whole record, tenant included: read
 * before a move to another tenant committed, a save by the old tenant's editor or key would
 * have written into the new tenant's record and moved it back, and a move read before an edit
 * committed would have written the edit away. With the row taken first, the second of the two
 * waits, then reads what the first committed: the old tenant no longer finds the record, and
 * the move keeps the edit. A bulk update or delete (by a filter) reads its records first and
 * is left to Payload.
 */
export const lockEditedRecord: CollectionBeforeOperationHook = async ({
  args,
  collection,
  operation,
}) => {
  if (operation !== 'update' && operation !== 'delete') return args
  const { id, req } = args as { id?: unknown; req?: Parameters<typeof lockRecord>[0]['req'] }
  if (!req || (typeof id !== 'string' && typeof id !== 'number') || !isUuid(String(id))) return args
  await lockRecord({ req, collection: collection.slug, id: String(id), mode: 'edit' })
  return args
}
