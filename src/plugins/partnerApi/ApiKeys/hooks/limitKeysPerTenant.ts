import type { CollectionBeforeChangeHook } from 'payload'

import { capPerTenant } from '../../../../hooks/capPerTenant'
import type { ApiKey } from '../../../../payload-types'
import { relationId, type RelationValue } from '../../../../lib/relationId'
import { partnerOptions } from '../../options'

/** A tenant holds a bounded number of keys: each is a credential to audit and a row to look up. */
export const limitKeysPerTenant: CollectionBeforeChangeHook<ApiKey> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (data.tenants === undefined) return data
  const max = partnerOptions(req.payload.config).keysPerTenant
  const before = new Set((originalDoc?.tenants ?? []).map((t) => relationId(t as RelationValue)))
  const added = (data.tenants ?? [])
    .map((t) => relationId(t as RelationValue))
    .filter((id): id is string => Boolean(id) && (operation === 'create' || !before.has(id)))
  for (const tenant of [...new Set(added)].sort())
    await capPerTenant({
      req,
      collection: 'api-keys',
      tenant,
      where: { tenants: { equals: tenant } },
      max,
      path: 'tenants',
      message: `A tenant holds at most ${max} API keys; delete one it no longer needs.`,
    })
  return data
}
