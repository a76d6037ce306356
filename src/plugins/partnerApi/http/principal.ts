import type { Payload } from 'payload'

import { clientAddressHeader } from '../../../lib/clientAddress'
import { searchOf, type PlainRequest } from '../../../lib/plainHttp'
import { authorize } from '../keys/authorize'
import { admitGuest } from '../keys/guest'
import { identifyKey } from '../keys/identifyKey'
import { limitRate } from '../keys/rateLimit'
import type { PartnerPrincipal, PartnerRoute } from '../types'

/**
 * Who a request acts as: its key, counted against the key's limit and checked against the
 * path's tenant and the route's scope; or, with no `Authorization` header at all on a route
 * that admits guests, the guest its rule admits. A request that sends a key is always judged by
 * it, so a bad key never falls back to a guest's reading.
 */
export const principalOf = async ({
  payload,
  route,
  params,
  request,
}: {
  payload: Payload
  route: PartnerRoute
  params: Readonly<Record<string, string>> & { tenant: string }
  request: PlainRequest
}): Promise<PartnerPrincipal> => {
  const authorization = request.header('authorization')
  const address = request.header(clientAddressHeader) ?? 'unknown'
  if (authorization === null && route.guest)
    return admitGuest({
      payload,
      guest: route.guest,
      tenantSlug: params.tenant,
      params,
      search: new URLSearchParams(searchOf(request.url)),
      address,
    })
  const key = await identifyKey({
    payload,
    authorization,
    address,
    ...(request.connection ? { connection: request.connection } : {}),
  })
  await limitRate({ payload, key })
  return authorize({ payload, key, tenantSlug: params.tenant, scope: route.scope })
}
