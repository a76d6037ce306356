import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'
import { ValidationError } from 'payload'

import { isSuperAdmin } from '../../../access/isSuperAdmin'
import { userTenantIds } from '../../../access/tenantRoles'
import { generateKey } from '../../../partner/keyMaterial'
import { relationId, type RelationValue } from '../../../utilities/relationId'

const plaintextKey = 'apiKeyPlaintext'

/** A new key gets its secret here; the plaintext travels to the response through the context. */
export const issueKey: CollectionBeforeChangeHook = ({ data, operation, req }) => {
  if (operation === 'create') {
    const { key, prefix, hash } = generateKey()
    data.prefix = prefix
    data.hash = hash
    req.context[plaintextKey] = key
    if (req.user) data.createdBy = req.user.id
  }
  if (data.revoked && !data.revokedAt) data.revokedAt = new Date().toISOString()
  if (data.revoked === false) data.revokedAt = null
  return data
}

/** The create response (REST, Local API, CLI) is the one place the plaintext key appears. */
export const revealKeyOnce: CollectionAfterChangeHook = ({ doc, operation, req }) => {
  if (operation === 'create' && typeof req.context[plaintextKey] === 'string') {
    return { ...doc, key: req.context[plaintextKey] }
  }
  return doc
}

/** A tenant admin binds keys only to tenants they administer. */
export const limitKeyTenants: CollectionBeforeChangeHook = ({ data, req }) => {
  if (!req.user || isSuperAdmin(req.user) || data.tenants === undefined) return data
  const allowed = new Set(userTenantIds({ user: req.user as never, role: 'tenant-admin' }))
  const requested = ((data.tenants ?? []) as RelationValue[]).map(relationId)
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
