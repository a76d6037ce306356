import type { PayloadRequest } from 'payload'

import { readSettings } from '../../lib/settings'
import { isTimeZone } from '../../lib/timeZones'
import { tenantSettings } from '../../db/tenantSettings'

/** The tenant's zone, or the installation's for a tenant without one (or no tenant). */
export const tenantTimeZone = async ({
  req,
  tenantId,
}: {
  req: PayloadRequest
  tenantId: string | undefined
}): Promise<string> => {
  const zone = tenantId ? (await tenantSettings({ req, tenantId }))?.timeZone : undefined
  return isTimeZone(zone) ? zone : readSettings().timeZone
}
