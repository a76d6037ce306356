import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import type { ApiKey, Tenant } from '../payload-types'
import { relationId, type RelationValue } from '../utilities/relationId'
import { parseKey, secretMatches } from './keyMaterial'
import { fail, PartnerProblem } from './problems'
import { consumeRequest, countFailedAuth, refuseIfFailingTooOften } from './rateLimit'
import type { Scope } from './routes'

/** The user a partner request acts as inside Payload: a member of the path's tenant only. */
export type PartnerPrincipal = {
  key: Pick<ApiKey, 'id' | 'name' | 'scope' | 'prefix'>
  tenant: Tenant
  user: {
    id: string
    collection: 'users'
    email: string
    roles: ['user']
    tenants: { tenant: string; roles: ['editor'] }[]
  }
}

const challenge = { 'www-authenticate': 'Bearer realm="partners"' }

const lastUseWrites = new Map<string, number>()

/**
 * Tenants change rarely and are looked up on every request: kept for a few seconds. A stale
 * entry can only name a tenant that existed a moment ago; Payload's access control still
 * scopes every query to it.
 */
const tenantCache = new Map<string, { tenant: Tenant | undefined; until: number }>()

const tenantBySlug = async ({
  payload,
  slug,
}: {
  payload: Payload
  slug: string
}): Promise<Tenant | undefined> => {
  const cached = tenantCache.get(slug)
  if (cached && cached.until > Date.now()) return cached.tenant
  const { docs } = await payload.find({
    collection: 'tenants',
    where: { slug: { equals: slug } },
    limit: 1,
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  if (tenantCache.size > 1000) tenantCache.clear()
  tenantCache.set(slug, { tenant: docs[0], until: Date.now() + 5_000 })
  return docs[0]
}

/** Recorded at most once a minute per key, off the request's path. */
const recordUse = ({ payload, id }: { payload: Payload; id: string }): void => {
  const now = Date.now()
  if ((lastUseWrites.get(id) ?? 0) > now - 60_000) return
  lastUseWrites.set(id, now)
  // One column, not a document write: a full update would write back the `revoked` flag and
  // secret as read a moment ago over an admin's change made meanwhile.
  void (payload.db as unknown as PostgresAdapter).drizzle
    .execute(
      sql`update api_keys set last_used_at = ${new Date(now).toISOString()} where id = ${id}`,
    )
    .catch((err: unknown) => payload.logger.warn({ err, msg: 'could not record an API key use' }))
}

/**
 * `Authorization: Bearer <key>` → the key's principal for the path's tenant. No or unknown key:
 * 401. A key that is not bound to that tenant, or reads only where writing is asked: 403, and
 * the same 403 whether the tenant exists or not.
 */
export const authenticate = async ({
  payload,
  authorization,
  tenantSlug,
  scope,
  address,
}: {
  payload: Payload
  authorization: string | null
  tenantSlug: string
  scope: Scope
  /** The client's address, as the server saw the connection. */
  address: string
}): Promise<PartnerPrincipal> => {
  refuseIfFailingTooOften({ address })
  try {
    return await authenticateKey({ payload, authorization, tenantSlug, scope })
  } catch (err) {
    if (err instanceof PartnerProblem && err.problem.status === 401) countFailedAuth({ address })
    throw err
  }
}

const authenticateKey = async ({
  payload,
  authorization,
  tenantSlug,
  scope,
}: {
  payload: Payload
  authorization: string | null
  tenantSlug: string
  scope: Scope
}): Promise<PartnerPrincipal> => {
  if (!authorization) {
    return fail({
      status: 401,
      detail: 'Send an API key: "Authorization: Bearer <key>".',
      headers: challenge,
    })
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization)
  const parsed = match?.[1] ? parseKey(match[1]) : undefined
  if (!parsed)
    return fail({
      status: 401,
      detail: 'The Authorization header does not carry a valid API key.',
      headers: challenge,
    })

  const { docs } = await payload.find({
    collection: 'api-keys',
    where: { prefix: { equals: parsed.prefix } },
    limit: 1,
    // No count query: one round trip for the key on every request.
    pagination: false,
    depth: 0,
    overrideAccess: true,
    showHiddenFields: true,
  })
  const key = docs[0]
  if (!key?.hash || !secretMatches({ secret: parsed.secret, hash: key.hash }) || key.revoked) {
    return fail({ status: 401, detail: 'Unknown or revoked API key.', headers: challenge })
  }
  recordUse({ payload, id: key.id })
  consumeRequest({ payload, keyId: key.id, keyLimit: key.rateLimit })

  const tenant = await tenantBySlug({ payload, slug: tenantSlug })
  const bound = new Set((key.tenants ?? []).map((t) => relationId(t as RelationValue)))
  if (!tenant || !bound.has(tenant.id)) {
    return fail({ status: 403, detail: `This API key is not allowed for tenant "${tenantSlug}".` })
  }
  if (scope === 'write' && key.scope !== 'write') {
    return fail({ status: 403, detail: 'This API key may only read; this operation writes.' })
  }
  return {
    key: { id: key.id, name: key.name, scope: key.scope, prefix: key.prefix },
    tenant,
    user: {
      id: key.id,
      collection: 'users',
      email: `key-${key.prefix}@partners.invalid`,
      roles: ['user'],
      tenants: [{ tenant: tenant.id, roles: ['editor'] }],
    },
  }
}
