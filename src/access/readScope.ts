import { createLocalReq, type CollectionSlug, type Payload, type Where } from 'payload'

import type { User } from '../payload-types'

/**
 * The user a read on one tenant's behalf acts as, where no one signed in asks (a page's event
 * list, a rich-text link's target): an editor of that tenant alone, as a partner key's
 * principal is.
 */
export type TenantMember = User & {
  roles: ['user']
  tenants: { tenant: string; roles: ['editor'] }[]
}

/** Stand-ins are never stored: their times are the epoch. */
const never = new Date(0).toISOString()

export const tenantMember = ({
  tenantId,
  id = tenantId,
  email = `tenant-${tenantId}@members.invalid`,
}: {
  tenantId: string
  /** Who acts, where someone does (a partner key): its id and address. */
  id?: string
  email?: string
}): TenantMember => ({
  id,
  collection: 'users',
  email,
  roles: ['user'],
  tenants: [{ tenant: tenantId, roles: ['editor'] }],
  createdAt: never,
  updatedAt: never,
})

/**
 * What `user` may read of a collection, as the collection's read access answers it (its own
 * rule, wrapped by the multi-tenant plugin's tenant rule): `false` nothing, `true` everything,
 * else the condition every record read must meet. The one place a read outside Payload's own
 * operations learns the tenant rule, so a change to that rule reaches them too.
 */
export const readScope = async ({
  payload,
  collection,
  user,
}: {
  payload: Payload
  collection: CollectionSlug
  user: User
}): Promise<boolean | Where> => {
  const read = payload.collections[collection]?.config.access.read
  const req = await createLocalReq({ user }, payload)
  // Payload's default read access: any signed-in user.
  if (!read) return Boolean(req.user)
  const answer = await read({ req })
  return typeof answer === 'object' ? answer : Boolean(answer)
}

/** A condition within a scope that allows something, as one `where` (none: everything). */
export const withinScope = ({
  scope,
  where,
}: {
  scope: true | Where
  where: Where | undefined
}): Where | undefined => (scope === true ? where : where ? { and: [scope, where] } : scope)

/** Both conditions; either may be absent. */
export const both = (a: Where | undefined, b: Where | undefined): Where | undefined =>
  a && b ? { and: [a, b] } : (a ?? b)
