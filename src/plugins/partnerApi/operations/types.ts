import type { Payload } from 'payload'

import type { PartnerPrincipal } from '../keys/authorize'
import type { Kind } from '../kinds/model'

/** A record in the partner shape: ids for references, every declared field present. */
export type PartnerRecord = Record<string, unknown>

/** What every operation works with; no operation sees a Request or a Response. */
export type OperationArgs = { payload: Payload; kind: Kind; principal: PartnerPrincipal }

/** Payload's Local API as the key's principal, with access control on. */
export const actingAs = (principal: PartnerPrincipal) => ({
  user: principal.user,
  overrideAccess: false as const,
})
