import type { Payload } from 'payload'

import type { PartnerPrincipal } from '../keys/authorize'
import type { ReadVersion } from '../reads/version'

/**
 * Whose expansion it is: every record it brings is read as the request's own reads are, as
 * the key's principal (its tenant, Payload's read access) and in the same version.
 */
export type ExpandContext = { payload: Payload; principal: PartnerPrincipal; version: ReadVersion }
