import type { CollectionBeforeChangeHook } from 'payload'

import { keepServerFields } from '../../../hooks/keepServerFields'
import type { PreviewLink } from '../../../payload-types'

/**
 * A link says once what it shares and until when; a change may only revoke it, and a revoked
 * link stays revoked (a new one is made instead), with the time it was revoked.
 */
export const keepLink: CollectionBeforeChangeHook<PreviewLink> = ({
  data,
  operation,
  originalDoc,
}) => {
  if (operation !== 'update') return data
  keepServerFields({
    data,
    operation,
    originalDoc,
    fields: ['collection', 'record', 'expiresAt', 'createdBy', 'revokedAt'],
  })
  if (originalDoc?.revoked) data.revoked = true
  else if (data.revoked === true) data.revokedAt = new Date().toISOString()
  else data.revoked = false
  return data
}
