import type { Access } from 'payload'

import { isSuperAdmin } from '../../../../access/isSuperAdmin'
import { isTenantAdmin } from '../../../../access/tenantRoles'

export { manageKeys } from '../../../../access/manageable'

export const canCreateKeys: Access = ({ req }) => isSuperAdmin(req.user) || isTenantAdmin(req.user)
