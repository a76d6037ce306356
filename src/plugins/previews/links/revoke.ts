import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { executeInRequest } from '../../../db/inTransaction'
import type { KeyRetirement } from '../../partnerApi/exports/routes'
import { previewLinksSlug } from '../defaults'
import { isUuid } from '../../../lib/uuid'

/**
 * Revokes a tenant's link: false when the tenant has no such link. Revoking one already
 * revoked changes nothing and is no error (the caller's wish holds).
 */
export const revokePreviewLink = async ({
  payload,
  tenant,
  id,
}: {
  payload: Payload
  tenant: string
  id: string
}): Promise<boolean> => {
  if (!isUuid(id)) return false
  const { docs } = await payload.update({
    collection: previewLinksSlug,
    where: { and: [{ id: { equals: id } }, { tenant: { equals: tenant } }] },
    data: { revoked: true },
    depth: 0,
    overrideAccess: true,
  })
  return docs.length > 0
}

/**
 * A revoked or deleted key's links stop working, in the revocation's transaction
 * (`partnerApi({ keyRetirement })`): nothing a key made outlives it. Written in SQL, as
 * webhooks pause theirs: `createdBy` is a polymorphic relationship (`preview_links_rels`).
 */
export const revokeLinksOfRetiredKey: KeyRetirement = async ({ req, key }) => {
  await executeInRequest({
    req,
    query: sql`update preview_links p
      set revoked = true, revoked_at = now(), updated_at = now()
      where not p.revoked and exists (
        select 1 from preview_links_rels r
        where r.parent_id = p.id and r.path = 'createdBy' and r.api_keys_id = ${key.id})`,
  })
}
