import type { Payload, PayloadRequest } from 'payload'

import type { PartnerPrincipal } from '../keys/authorize'
import type { Kind } from '../kinds/model'

/** A record in the partner shape: ids for references, every declared field present. */
export type PartnerRecord = Record<string, unknown>

/** What every operation works with; no operation sees a Request or a Response. */
export type OperationArgs = { payload: Payload; kind: Kind; principal: PartnerPrincipal }

/**
 * Payload's Local API as the key's principal, with access control on; in `req`'s transaction
 * when the operation holds one.
 */
export const actingAs = (principal: PartnerPrincipal, req?: PayloadRequest) => ({
  user: principal.user,
  overrideAccess: false as const,
  ...(req ? { req } : {}),
})

/**
 * What every partner read asks of Payload: the kind's own columns (`select`, which also leaves
 * out join fields: the partner shape has none, and each adds a subquery), ids for references.
 */
export const partnerRead = (kind: OperationArgs['kind']) => ({
  collection: kind.collection,
  depth: 0,
  draft: kind.drafts,
  ...(kind.select ? { select: kind.select } : {}),
})
