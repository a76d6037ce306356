import type { FieldHook } from 'payload'

import { relationId, type RelationValue } from '../../../../lib/relationId'

/**
 * A delivery's record lives once per change in `webhook-payloads`; a delivery read alone (the
 * admin's view of it) shows it as if it were its own. Lists leave it out: one read per row.
 */
export const storedRecord: FieldHook = async ({ siblingData, req, findMany }) => {
  const id = relationId(siblingData.payload as RelationValue)
  if (findMany || !id) return null
  const stored = await req.payload
    .findByID({
      collection: 'webhook-payloads',
      id,
      depth: 0,
      overrideAccess: true,
      disableErrors: true,
      select: { record: true },
      req,
    })
    .catch(() => null)
  return stored?.record ?? null
}
