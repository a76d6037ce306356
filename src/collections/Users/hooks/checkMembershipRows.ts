import type { CollectionBeforeOperationHook } from 'payload'
import { ValidationError } from 'payload'

import { relationId, type RelationValue } from '../../../lib/relationId'

/**
 * Memberships are a list with one row per tenant. A second row for the same tenant would let
 * the assignment check compare one row while another is stored, so it is refused, as is a
 * `tenants` that is not a list at all. Checked on the body as sent: field hooks later drop
 * empty rows, which would hide a malformed one.
 */
export const checkMembershipRows: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation !== 'create' && operation !== 'update') return args
  const rows: unknown = (args as { data?: { tenants?: unknown } }).data?.tenants
  // The admin's form sends an array with no rows as its row count, 0.
  if (rows === undefined || rows === null || rows === 0 || rows === '0') return args
  const fail = (message: string): never => {
    throw new ValidationError({ collection: 'users', errors: [{ path: 'tenants', message }], req })
  }
  if (!Array.isArray(rows)) return fail('Tenants must be a list of memberships.')
  const seen = new Set<string>()
  for (const row of rows as unknown[]) {
    if (!row || typeof row !== 'object' || Array.isArray(row))
      return fail('Each membership names a tenant and its roles.')
    const tenant = relationId((row as { tenant?: RelationValue }).tenant)
    if (tenant && seen.has(tenant)) return fail('A tenant may appear only once in the memberships.')
    if (tenant) seen.add(tenant)
  }
  return args
}
