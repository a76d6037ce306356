import type {
  CollectionAfterChangeHook,
  CollectionBeforeChangeHook,
  CollectionBeforeOperationHook,
} from 'payload'
import { ValidationError } from 'payload'

import { isSuperAdmin } from '../../../../access/isSuperAdmin'
import { keepServerFields } from '../../../../hooks/keepServerFields'
import { userTenantIds } from '../../../../access/tenantRoles'
import { generateKey } from '../../keys/keyMaterial'
import type { ApiKey } from '../../../../payload-types'
import { relationId, type RelationValue } from '../../../../lib/relationId'

const plaintextKey = 'apiKeyPlaintext'
/** Set by the rotate endpoint (after its access check): this update issues a new secret. */
export const rotateSecretContext = 'apiKeyRotate'

/** Written by the server alone: whatever a body says about them is ignored. */
const serverFields = ['prefix', 'hash', 'createdBy', 'lastUsedAt', 'revokedAt'] as const

/**
 * A new key gets its secret here, and so does a key being rotated; the plaintext travels to
 * the response through the context. The server-set fields keep their stored values otherwise,
 * so nobody can copy another key's prefix, plant a hash or rewrite who made a key.
 */
export const issueKey: CollectionBeforeChangeHook<ApiKey> = ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  keepServerFields({ data, operation, originalDoc, fields: serverFields })
  if (operation === 'create' || req.context[rotateSecretContext] === true) {
    const { key, prefix, hash } = generateKey()
    data.prefix = prefix
    data.hash = hash
    req.context[plaintextKey] = key
  }
  if (operation === 'create' && req.user) data.createdBy = String(req.user.id)
  const revoked = data.revoked ?? originalDoc?.revoked
  if (revoked && !data.revokedAt) data.revokedAt = new Date().toISOString()
  if (!revoked) data.revokedAt = null
  return data
}

/** The create response (REST, Local API, CLI) is the one place the plaintext key appears. */
export const revealKeyOnce: CollectionAfterChangeHook = ({ doc, operation, req }) => {
  if (operation === 'create' && typeof req.context[plaintextKey] === 'string') {
    return { ...doc, key: req.context[plaintextKey] }
  }
  return doc
}

/** The plaintext of a rotation, for the endpoint that asked for it. */
export const issuedSecret = (context: Record<string, unknown>): string | undefined =>
  typeof context[plaintextKey] === 'string' ? context[plaintextKey] : undefined

/** `tenants` is a list of tenant ids as sent, or a validation error (never a crash further on). */
export const checkKeyTenantsShape: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation !== 'create' && operation !== 'update') return args
  const tenants: unknown = (args as { data?: { tenants?: unknown } }).data?.tenants
  if (
    tenants !== undefined &&
    tenants !== null &&
    tenants !== 0 &&
    (!Array.isArray(tenants) || tenants.some((t) => typeof t !== 'string' && typeof t !== 'object'))
  ) {
    throw new ValidationError({
      collection: 'api-keys',
      errors: [{ path: 'tenants', message: 'Tenants must be a list of tenant ids.' }],
      req,
    })
  }
  return args
}

/** A tenant admin binds keys only to tenants they administer. */
export const limitKeyTenants: CollectionBeforeChangeHook<ApiKey> = ({ data, req }) => {
  if (!req.user || isSuperAdmin(req.user) || data.tenants === undefined) return data
  const allowed = new Set(userTenantIds({ user: req.user, role: 'tenant-admin' }))
  const requested = (data.tenants ?? []).map((t) => relationId(t as RelationValue))
  if (requested.some((id) => !id || !allowed.has(id))) {
    throw new ValidationError({
      collection: 'api-keys',
      errors: [
        { path: 'tenants', message: 'You can only bind keys to tenants that you administer.' },
      ],
      req,
    })
  }
  return data
}
