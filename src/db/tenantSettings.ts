import type { PayloadRequest } from 'payload'

import { readOnce } from './transactionReads'
import { knownTenant } from '../lib/knownTenant'
import { isUuid } from '../lib/uuid'

/** What the hooks of a tenant's records read of the tenant: its zone and its search language. */
export type TenantSettings = { timeZone?: unknown; language?: unknown }

/**
 * The tenant's settings: from the write's context when its caller holds the tenant (the
 * partner API), else read once a transaction (the admin's performances in bulk, a sync), until
 * the transaction writes the tenant. Nothing for a tenant that does not exist.
 */
export const tenantSettings = async ({
  req,
  tenantId,
}: {
  req: PayloadRequest
  tenantId: string
}): Promise<TenantSettings | undefined> => {
  const known = knownTenant({ context: req.context, tenant: tenantId })
  if (known) return known
  // An id that is no UUID (a stale cookie, a body's) names no tenant; queried, it would fail
  // the statement and with it the transaction.
  if (!isUuid(tenantId)) return undefined
  return readOnce({
    req,
    record: { collection: 'tenants', id: tenantId },
    what: 'settings',
    read: async () => {
      const tenant = await req.payload.findByID({
        collection: 'tenants',
        id: tenantId,
        depth: 0,
        select: { timeZone: true, language: true },
        overrideAccess: true,
        req,
        disableErrors: true,
      })
      return tenant ? { timeZone: tenant.timeZone, language: tenant.language } : undefined
    },
  })
}
