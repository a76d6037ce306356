import type { CollectionBeforeValidateHook } from 'payload'
import { ValidationError } from 'payload'

import { isSuperAdmin } from '../access/isSuperAdmin'
import { userTenantIds } from '../access/tenantRoles'
import { relationId, type RelationValue } from '../lib/relationId'

/**
 * A signed-in user writes only into tenants they belong to, and never moves a record out of
 * one. Read access is the plugin's; this is the write side, checked on the server for every
 * caller (admin, REST, Local API with a user, partner API). A member of exactly one tenant who
 * leaves the tenant out gets that tenant.
 */
export const ensureTenantMembership: CollectionBeforeValidateHook = ({
  collection,
  data,
  originalDoc,
  operation,
  req,
}) => {
  if (!req.user || req.user.collection !== 'users' || isSuperAdmin(req.user) || !data) return data
  const mine = userTenantIds({ user: req.user })
  const requested = relationId(data.tenant as RelationValue)
  const current = relationId(originalDoc?.tenant as RelationValue)

  if (operation === 'create' && !requested && mine.length === 1) {
    return { ...data, tenant: mine[0] }
  }
  const target = requested ?? current
  const problem = !target
    ? 'Choose the tenant this record belongs to.'
    : !mine.includes(target)
      ? 'You are not a member of this tenant.'
      : current && requested && requested !== current
        ? 'A record cannot be moved to another tenant.'
        : undefined
  if (problem) {
    throw new ValidationError({
      collection: collection.slug,
      errors: [{ path: 'tenant', message: problem }],
      req,
    })
  }
  return data
}
