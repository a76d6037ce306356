import type { CollectionBeforeChangeHook } from 'payload'
import { Forbidden } from 'payload'

import { isSuperAdmin } from '../access/isSuperAdmin'
import { userTenantIds } from '../access/tenantRoles'
import { relationId, type RelationValue } from '../lib/relationId'

/**
 * A tenant-admin setting is written only in a tenant the user administers. Checked once the
 * tenant is known (the multi-tenant plugin fills it in from the admin's selected tenant), and
 * on update too, so a record cannot be moved to another tenant. No user: the system.
 */
export const requireAdministeredTenant: CollectionBeforeChangeHook = ({
  data,
  originalDoc,
  req,
}) => {
  if (!req.user || isSuperAdmin(req.user)) return data
  const administered = userTenantIds({ user: req.user, role: 'tenant-admin' })
  for (const tenant of [data.tenant, originalDoc?.tenant]) {
    if (tenant === undefined) continue
    const id = relationId(tenant as RelationValue)
    if (!id || !administered.includes(id)) throw new Forbidden(req.t)
  }
  return data
}
