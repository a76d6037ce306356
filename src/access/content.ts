import type { Access } from 'payload'

import { isSuperAdmin } from './isSuperAdmin'
import { isTenantAdmin, userTenantIds } from './tenantRoles'

/**
 * Tenant content: any signed-in member of a tenant. The multi-tenant plugin narrows every
 * result to the user's own tenants, and validates the tenant of whatever is created.
 */
export const tenantMember: Access = ({ req }) =>
  isSuperAdmin(req.user) || userTenantIds({ user: req.user }).length > 0

/** Settings of a tenant (users, API keys): its tenant admins. */
export const tenantAdmin: Access = ({ req }) => isSuperAdmin(req.user) || isTenantAdmin(req.user)

export const contentAccess = {
  create: tenantMember,
  read: tenantMember,
  update: tenantMember,
  delete: tenantMember,
  readVersions: tenantMember,
}
