import type { User } from '../payload-types'
import { relationId, type RelationValue } from '../lib/relationId'

export type TenantRole = 'tenant-admin' | 'editor'

/** The tenants a user belongs to, or only those where they hold `role`. */
export const userTenantIds = ({
  user,
  role,
}: {
  user: Partial<User> | null | undefined
  role?: TenantRole
}): string[] =>
  (user?.tenants ?? [])
    .filter((row) => !role || (row.roles ?? []).includes(role))
    .map((row) => relationId(row.tenant as RelationValue))
    .filter((id): id is string => Boolean(id))

/** Whether the user administers at least one tenant: the one test behind every tenant-admin rule. */
export const isTenantAdmin = (user: Partial<User> | null | undefined): boolean =>
  userTenantIds({ user, role: 'tenant-admin' }).length > 0
