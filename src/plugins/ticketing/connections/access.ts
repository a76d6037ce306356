import type { Access } from 'payload'

import { anyAdministeredTenant, inAdministeredTenant } from '../../../access/administeredTenant'
import { isSuperAdmin } from '../../../access/isSuperAdmin'
import { userTenantIds } from '../../../access/tenantRoles'

/** Members of a tenant (its editors too) read its connections and runs, and may start a run. */
export const inMemberTenant: Access = ({ req }) => {
  if (isSuperAdmin(req.user)) return true
  const tenants = userTenantIds({ user: req.user })
  return tenants.length > 0 ? { tenant: { in: tenants } } : false
}

/** A connection is a tenant's settings (it holds credentials): its admins change it. */
export const connectionAccess: Record<'create' | 'read' | 'update' | 'delete', Access> = {
  create: anyAdministeredTenant,
  read: inMemberTenant,
  update: inAdministeredTenant,
  delete: inAdministeredTenant,
}
