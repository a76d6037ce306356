import type { CollectionBeforeChangeHook } from 'payload'
import { ValidationError } from 'payload'

import { isSuperAdmin } from '../../../access/isSuperAdmin'
import { userTenantIds } from '../../../access/tenantRoles'
import type { User } from '../../../payload-types'
import { relationId, type RelationValue } from '../../../lib/relationId'

type Row = NonNullable<User['tenants']>[number]

/** Each tenant's roles as one sorted set, however many rows name it. */
const byTenant = (rows: Row[] | null | undefined): Map<string, string> => {
  const roles = new Map<string, Set<string>>()
  for (const row of rows ?? []) {
    const tenant = relationId(row.tenant as RelationValue) ?? ''
    const set = roles.get(tenant) ?? new Set<string>()
    for (const role of row.roles ?? []) set.add(role)
    roles.set(tenant, set)
  }
  return new Map([...roles].map(([tenant, set]) => [tenant, [...set].sort().join(',')]))
}

/**
 * A tenant admin may add, change and remove memberships of the tenants they administer, and
 * no others: nobody grants themselves or anyone else a foothold in a tenant they do not run.
 */
export const limitTenantAssignments: CollectionBeforeChangeHook<User> = ({
  data,
  originalDoc,
  req,
}) => {
  if (!req.user || isSuperAdmin(req.user) || data.tenants === undefined) return data
  const allowed = new Set(userTenantIds({ user: req.user, role: 'tenant-admin' }))
  const before = byTenant(originalDoc?.tenants)
  const after = byTenant(data.tenants)
  const touched = new Set(
    [...before.keys(), ...after.keys()].filter(
      (tenant) => before.get(tenant) !== after.get(tenant),
    ),
  )
  const forbidden = [...touched].filter((tenant) => !allowed.has(tenant))
  if (forbidden.length > 0) {
    throw new ValidationError({
      collection: 'users',
      errors: [{ path: 'tenants', message: 'You can only assign tenants that you administer.' }],
      req,
    })
  }
  return data
}
