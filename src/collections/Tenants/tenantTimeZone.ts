import type { PayloadRequest } from 'payload'

import { knownTenant } from '../../lib/knownTenant'
import { readSettings } from '../../lib/settings'
import { isTimeZone } from '../../lib/timeZones'

/** The tenant's zone, or the installation's for a tenant without one (or no tenant). */
export const tenantTimeZone = async ({
  req,
  tenantId,
}: {
  req: PayloadRequest
  tenantId: string | undefined
}): Promise<string> => {
  const fallback = readSettings().timeZone
  if (!tenantId) return fallback
  const known = knownTenant({ context: req.context, tenant: tenantId })
  if (known) return isTimeZone(known.timeZone) ? known.timeZone : fallback
  const tenant = await req.payload.findByID({
    collection: 'tenants',
    id: tenantId,
    depth: 0,
    select: { timeZone: true },
    overrideAccess: true,
    req,
    disableErrors: true,
  })
  return isTimeZone(tenant?.timeZone) ? tenant.timeZone : fallback
}
