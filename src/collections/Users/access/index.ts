import type { Access } from 'payload'

import { tenantAdmin } from '../../../access/content'
import { isSuperAdmin } from '../../../access/isSuperAdmin'

/** Self, or (narrowed to their tenants by the plugin) a tenant admin. */
export const selfOrTenantAdmin: Access = (args) => {
  const { req } = args
  if (!req.user) return false
  if (isSuperAdmin(req.user)) return true
  if (tenantAdmin(args)) return true
  return { id: { equals: req.user.id } }
}

export const signedIn: Access = ({ req }) => Boolean(req.user)
