import { sql } from '@payloadcms/db-postgres'
import type { CollectionBeforeChangeHook } from 'payload'
import { ValidationError } from 'payload'

import { executeInRequest } from '../../../../db/inTransaction'
import type { ApiKey } from '../../../../payload-types'
import { relationId, type RelationValue } from '../../../../utilities/relationId'
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
  for (const tenant of [...new Set(added)].sort()) {
    // Two creates at once must not both see room for one more key.
    await executeInRequest({
      req,
      query: sql`select pg_advisory_xact_lock(hashtext(${`api-keys:${tenant}`}))`,
    })
    const { totalDocs } = await req.payload.count({
      collection: 'api-keys',
      where: { tenants: { equals: tenant } },
      overrideAccess: true,
      req,
    })
    if (totalDocs >= max) {
      throw new ValidationError({
        collection: 'api-keys',
        errors: [
          {
            path: 'tenants',
            message: `A tenant holds at most ${max} API keys; delete one it no longer needs.`,
          },
        ],
        req,
      })
    }
  }
  return data
}
