import type { CollectionBeforeChangeHook } from 'payload'

import { relationId, type RelationValue } from '../../../lib/relationId'

export const setPrefix: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  const tenantId = relationId((data.tenant ?? originalDoc?.tenant) as RelationValue)
  if (!tenantId) return data
  const tenant = await req.payload.findByID({
    collection: 'tenants',
    id: tenantId,
    depth: 0,
    overrideAccess: true,
    req,
    disableErrors: true,
  })
  if (tenant) data.prefix = tenant.slug
  return data
}
