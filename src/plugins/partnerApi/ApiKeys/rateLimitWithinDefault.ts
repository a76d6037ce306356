import type { NumberFieldSingleValidation } from 'payload'

import { isSuperAdmin } from '../../../access/isSuperAdmin'
import { partnerOptions } from '../options'

/**
 * A whole number of requests a minute. The server default protects the installation: a tenant
 * admin may give a key less, only an installation admin more.
 */
export const rateLimitWithinDefault: NumberFieldSingleValidation = (value, { req }) => {
  if (value === null || value === undefined) return true
  if (!Number.isInteger(value) || value < 1)
    return 'A whole number of requests a minute, 1 or more.'
  const ceiling = partnerOptions(req.payload.config).rateLimitPerMinute
  // No user: the Local API or the CLI, run by the operator.
  if (ceiling > 0 && value > ceiling && req.user && !isSuperAdmin(req.user))
    return `At most ${ceiling} (the server's limit); an installation admin may allow more.`
  return true
}
