import type { CollectionBeforeOperationHook, CollectionBeforeValidateHook } from 'payload'
import { ValidationError } from 'payload'

import { tenantMovedTo } from './tenantMove'

const flag = (slug: string) => `savingDraftOf:${slug}`

/**
 * Notes a draft save for the validation hook below: only the operation knows it is one, and a
 * draft save writes the record's newest version but not the record itself.
 */
export const noteDraftSave: CollectionBeforeOperationHook = ({ args, collection, operation }) => {
  const saving = args as { draft?: boolean; data?: { _status?: unknown } }
  // A version restored as a draft is a draft save too (Payload runs its hooks as an update).
  if (operation === 'update' || operation === 'restoreVersion')
    args.req.context[flag(collection.slug)] = Boolean(
      saving.draft && (operation === 'restoreVersion' || saving.data?._status !== 'published'),
    )
  return args
}

/**
 * A move to another tenant saved as a draft would move the newest version only: the record
 * itself, which access control and every list read, would stay in the old tenant, and each
 * tenant would see half of it. A move is saved as a whole or not at all.
 */
export const refuseDraftMoves: CollectionBeforeValidateHook = ({
  collection,
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (!data || !req.context[flag(collection.slug)]) return data
  if (tenantMovedTo({ data, originalDoc, operation }))
    throw new ValidationError({
      collection: collection.slug,
      errors: [
        {
          path: 'tenant',
          message:
            'A move to another tenant is saved as a whole (publish or save), not as a draft.',
        },
      ],
      req,
    })
  return data
}
