import type { Access } from 'payload'

import { isSuperAdmin } from './isSuperAdmin'
import { userTenantIds } from './tenantRoles'

/**
 * Records of the tenants the user administers, and no others: a tenant admin of A who edits
 * for B does not see B's settings (the multi-tenant plugin alone would show both tenants).
 * For read, update and delete: never decided by the body, always by the stored tenant.
 */
export const inAdministeredTenant: Access = ({ req }) => {
  if (isSuperAdmin(req.user)) return true
  const administered = userTenantIds({ user: req.user, role: 'tenant-admin' })
  return administered.length > 0 ? { tenant: { in: administered } } : false
}

/** Whether the user may make records of a tenant-admin setting at all (which tenant: see the hook). */
export const anyAdministeredTenant: Access = ({ req }) =>
  isSuperAdmin(req.user) || userTenantIds({ user: req.user, role: 'tenant-admin' }).length > 0
