import type { Access } from 'payload'

import { isSuperAdmin } from '../../../access/isSuperAdmin'
import { userTenantIds } from '../../../access/tenantRoles'

/** Keys are managed by the admins of the tenants they are bound to. */
export const keyAdmin: Access = ({ req }) => {
  if (isSuperAdmin(req.user)) return true
  const tenants = userTenantIds({ user: req.user as never, role: 'tenant-admin' })
  if (tenants.length === 0) return false
  return { tenants: { in: tenants } }
}

export const canCreateKeys: Access = ({ req }) =>
  isSuperAdmin(req.user) ||
  userTenantIds({ user: req.user as never, role: 'tenant-admin' }).length > 0
