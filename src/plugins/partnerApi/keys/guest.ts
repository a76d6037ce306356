import type { Payload } from 'payload'

import { tenantMember } from '../../../access/readScope'
import { fail, PartnerProblem } from '../../../lib/partnerProblem'
import { guestsPerKeyLimit } from '../defaults'
import { partnerOptions } from '../options'
import type { GuestAccess, PartnerPrincipal } from '../types'
import { tenantBySlug } from './authorize'
import {
  addressGroup,
  countFailedAuth,
  isFailingTooOften,
  limitRate,
  refuseFailingAddress,
} from './rateLimit'

const challenge = { 'www-authenticate': 'Bearer realm="partners"' }

/**
 * The one 401 of a request without a key: an unknown tenant's, and a guest rule's refusal, word
 * for word, so a keyless request learns nothing of which tenants exist.
 */
export const keylessRefused = (): never =>
  fail({
    status: 401,
    detail: 'Send an API key: "Authorization: Bearer <key>".',
    headers: challenge,
  })

/**
 * A request without a key on a route that admits guests: the path's tenant's published records
 * only, as a read key would see them. A refusal counts against the address like a bad key, and
 * guests of one address share one limit per tenant, so a feed reader that loops cannot take the
 * capacity a tenant's keys have.
 */
export const admitGuest = async ({
  payload,
  guest,
  tenantSlug,
  params,
  search,
  address,
}: {
  payload: Payload
  guest: GuestAccess
  tenantSlug: string
  params: Readonly<Record<string, string>>
  search: URLSearchParams
  address: string
}): Promise<PartnerPrincipal> => {
  if (isFailingTooOften({ address, limit: partnerOptions(payload.config).failedAuthPerMinute }))
    refuseFailingAddress()
  try {
    const tenant = await tenantBySlug({ payload, slug: tenantSlug })
    if (!tenant) return keylessRefused()
    const pass = await guest.admit({ payload, tenant, params, search })
    // Per address (an IPv6 client by its /64, so it cannot step through its own addresses),
    // then all of the tenant's guests together: keyless readers never take more than a bounded
    // share of what the tenant's own keys are served from.
    await limitRate({ payload, key: { id: `guest:${tenant.id}:${addressGroup(address)}` } })
    const perKey = partnerOptions(payload.config).rateLimitPerMinute
    if (perKey > 0)
      await limitRate({
        payload,
        key: { id: `guest:${tenant.id}`, rateLimit: perKey * guestsPerKeyLimit },
      })
    return {
      key: { id: `guest:${pass.name}`, name: pass.name, scope: 'read', prefix: 'guest' },
      tenant,
      user: { ...tenantMember({ tenantId: tenant.id }), apiKey: `guest:${pass.name}` },
      guest: pass,
    }
  } catch (err) {
    if (err instanceof PartnerProblem && err.problem.status === 401) countFailedAuth({ address })
    throw err
  }
}
