import type { Access } from 'payload'

import { isSuperAdmin } from '../../../../access/isSuperAdmin'
import { userTenantIds } from '../../../../access/tenantRoles'

export { manageKeys } from '../../../../access/manageable'

export const canCreateKeys: Access = ({ req }) =>
  isSuperAdmin(req.user) ||
  userTenantIds({ user: req.user as never, role: 'tenant-admin' }).length > 0
