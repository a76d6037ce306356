import type { Payload, PayloadRequest, Where } from 'payload'

import type { PartnerPrincipal } from '../keys/authorize'
import type { Kind } from '../kinds/model'
import { both } from '../../../access/readScope'
import { versionFilter, type ReadVersion } from '../reads/version'

export type { PartnerRecord } from '../../partnerShape'

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
 * What every partner read asks of Payload: the version's table (the main one holds what is
 * published, the versions table the latest), the kind's own columns (`select`, which also
 * leaves out join fields: the partner shape has none, and each adds a subquery), ids for
 * references; `where` with the version's condition added.
 */
export const partnerRead = ({
  kind,
  version,
  where,
}: {
  kind: Kind
  version: ReadVersion
  where?: Where
}) => {
  const filter = versionFilter({ kind, version })
  const all = both(where, filter.where)
  return {
    collection: kind.collection,
    depth: 0,
    draft: filter.draft,
    ...(kind.select ? { select: kind.select } : {}),
    ...(all ? { where: all } : {}),
  }
}
