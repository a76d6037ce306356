import type { Validate } from 'payload'

import { tenantSlugPattern } from '../../lib/tenantSlugPattern'
import { partnerOwnPaths } from '../../plugins/partnerApi/exports/base'

/** Words the partner API uses next to tenant slugs in its paths. */
export const reservedTenantSlugs = new Set([
  ...partnerOwnPaths,
  'api',
  'admin',
  'health',
  'ready',
  'partners',
  'keys',
  'graphql',
  'static',
  'media',
  'files',
])

export { tenantSlugPattern }

export const tenantSlugProblem = (value: unknown): string | undefined => {
  if (typeof value !== 'string' || value.length < 2 || value.length > 63) {
    return 'A tenant slug has 2 to 63 characters.'
  }
  if (!tenantSlugPattern.test(value)) {
    return 'Use lowercase letters, digits and hyphens, not at the start or end.'
  }
  if (reservedTenantSlugs.has(value)) return `"${value}" is reserved by the API.`
  return undefined
}

export const validateTenantSlug: Validate<string | null | undefined> = (value) =>
  tenantSlugProblem(value) ?? true
