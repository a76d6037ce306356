import type { CollectionBeforeChangeHook } from 'payload'

import { capPerTenant } from '../../../../hooks/capPerTenant'
import { relationId, type RelationValue } from '../../../../lib/relationId'

/**
 * A tenant has one Elevent shop: its performances' booking links are built from that
 * connection's shop address, and two would leave it unclear which one builds them.
 */
export const oneEleventPerTenant: CollectionBeforeChangeHook = async ({ data, operation, req }) => {
  const tenant = relationId(data.tenant as RelationValue)
  if (operation !== 'create' || !tenant || data.provider !== 'elevent') return data
  await capPerTenant({
    req,
    collection: 'ticketing-connections',
    tenant,
    where: { and: [{ tenant: { equals: tenant } }, { provider: { equals: 'elevent' } }] },
    max: 1,
    path: 'provider',
    message: 'A tenant has one Elevent connection at most; edit the one it has.',
  })
  return data
}
