import type { Payload } from 'payload'

import { tenantMember } from '../../../access/readScope'
import type { Tenant } from '../../../payload-types'
import { relationId, type RelationValue } from '../../../lib/relationId'
import { rememberedLookup } from '../cache/lookups'
import { fail } from '../../../lib/partnerProblem'
import type { PartnerPrincipal, Scope } from '../types'
import type { PartnerKey } from './identifyKey'

export type { PartnerPrincipal } from '../types'

const tenantLookup = rememberedLookup<Tenant | undefined>()

/** The tenant of a path, remembered until a tenant or key is written (`cache/lookups.ts`). */
export const tenantBySlug = ({ payload, slug }: { payload: Payload; slug: string }) =>
  tenantLookup({
    name: slug,
    load: async () => {
      const { docs } = await payload.find({
        collection: 'tenants',
        where: { slug: { equals: slug } },
        limit: 1,
        pagination: false,
        depth: 0,
        overrideAccess: true,
      })
      return docs[0]
    },
  })

/**
 * The key's principal for the path's tenant. A key that is not bound to that tenant, or reads
 * only where writing is asked: 403, and the same 403 whether the tenant exists or not.
 */
export const authorize = async ({
  payload,
  key,
  tenantSlug,
  scope,
}: {
  payload: Payload
  key: PartnerKey
  tenantSlug: string
  scope: Scope
}): Promise<PartnerPrincipal> => {
  const tenant = await tenantBySlug({ payload, slug: tenantSlug })
  const bound = new Set((key.tenants ?? []).map((t: RelationValue) => relationId(t)))
  if (!tenant || !bound.has(tenant.id)) {
    return fail({ status: 403, detail: `This API key is not allowed for tenant "${tenantSlug}".` })
  }
  if (scope === 'write' && key.scope !== 'write') {
    return fail({ status: 403, detail: 'This API key may only read; this operation writes.' })
  }
  return {
    key: {
      id: key.id,
      name: key.name,
      scope: key.scope,
      prefix: key.prefix,
      rateLimit: key.rateLimit,
    },
    tenant,
    user: {
      ...tenantMember({
        tenantId: tenant.id,
        id: key.id,
        email: `key-${key.prefix}@partners.invalid`,
      }),
      apiKey: key.id,
    },
  }
}
