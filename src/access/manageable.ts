import { sql } from '@payloadcms/db-postgres'
import type { Access, PayloadRequest, Where } from 'payload'

import { isSuperAdmin } from './isSuperAdmin'
import { userTenantIds } from './tenantRoles'
import { postgresOf } from '../db/postgres'

/**
 * Matches no record: an access answer that lists nothing, where `false` would make the admin's
 * list view fail instead of showing an empty list.
 */
const nothing: Where = { id: { exists: false } }

const idsWhere = (ids: string[]): Where => (ids.length > 0 ? { id: { in: ids } } : nothing)

type ListedIn = (tenants: ReturnType<typeof sql>) => ReturnType<typeof sql>

/** The ids `query` finds for the tenant list `tenants` (none for no tenants). */
const idsFor = async ({
  req,
  tenants,
  query,
}: {
  req: PayloadRequest
  tenants: string[]
  query: ListedIn
}): Promise<string[]> => {
  if (tenants.length === 0) return []
  const list = sql.join(
    tenants.map((t) => sql`${t}::uuid`),
    sql`, `,
  )
  const db = postgresOf(req.payload)
  const result = await db.drizzle.execute<{ id: string }>(query(list))
  return result.rows.map((row) => String(row.id))
}

/**
 * Users a non-super-admin may see and change: those with at least one membership, every
 * membership in a tenant the caller administers, and no global super-admin role. Payload's
 * `where` has no "every row" operator (`not_in` on an array means "some row not in"), so the
 * set is found in SQL and handed back as ids.
 */
export const manageableUserIds = async ({
  req,
  tenants,
}: {
  req: PayloadRequest
  tenants: string[]
}): Promise<string[]> =>
  idsFor({
    req,
    tenants,
    query: (list) => sql`
      select u.id from users u
      where exists (select 1 from users_tenants m where m._parent_id = u.id)
        and not exists (
          select 1 from users_tenants m
          where m._parent_id = u.id and (m.tenant_id is null or m.tenant_id not in (${list})))
        and not exists (
          select 1 from users_roles r where r.parent_id = u.id and r.value = 'super-admin')`,
  })

/** API keys bound only to tenants in `tenants` (a key of B and C is not C's admin's alone). */
export const manageableKeyIds = async ({
  req,
  tenants,
}: {
  req: PayloadRequest
  tenants: string[]
}): Promise<string[]> =>
  idsFor({
    req,
    tenants,
    query: (list) => sql`
      select k.id from api_keys k
      where exists (
          select 1 from api_keys_rels r where r.parent_id = k.id and r.path = 'tenants')
        and not exists (
          select 1 from api_keys_rels r
          where r.parent_id = k.id and r.path = 'tenants'
            and (r.tenants_id is null or r.tenants_id not in (${list})))`,
  })

const administered = (req: PayloadRequest): string[] =>
  userTenantIds({ user: req.user, role: 'tenant-admin' })

/** Other users: the super-admin all; a tenant admin those wholly inside their tenants. */
export const manageUsers: Access = async ({ req }) => {
  if (!req.user) return false
  if (isSuperAdmin(req.user)) return true
  return idsWhere(await manageableUserIds({ req, tenants: administered(req) }))
}

/** Oneself, or a user one manages. */
export const selfOrManagedUser: Access = async (args) => {
  const { req } = args
  if (!req.user) return false
  if (isSuperAdmin(req.user)) return true
  const ids = await manageableUserIds({ req, tenants: administered(req) })
  return { id: { in: [...new Set([String(req.user.id), ...ids])] } }
}

/** Keys: the super-admin all; a tenant admin the keys bound only to tenants they administer. */
export const manageKeys: Access = async ({ req }) => {
  if (!req.user) return false
  if (isSuperAdmin(req.user)) return true
  const tenants = administered(req)
  if (tenants.length === 0) return false
  return idsWhere(await manageableKeyIds({ req, tenants }))
}
