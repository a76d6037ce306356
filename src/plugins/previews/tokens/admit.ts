import type { Payload } from 'payload'

import { relationId, type RelationValue } from '../../../lib/relationId'
import type { GuestAccess, GuestPass } from '../../partnerApi/exports/routes'
import { keylessRefused } from '../../partnerApi/exports/routes'
import { previewLinksSlug, previewParameter, type PreviewCollection } from '../defaults'
import { readPreviewToken, type PreviewClaims } from './token'

/**
 * One answer for every token that does not open this record: missing, malformed, tampered,
 * expired, revoked, another tenant's, record's or kind's; and the same as for a tenant that does
 * not exist. Telling them apart would tell a prober which links and tenants exist.
 */
const refuse = (): never => keylessRefused()

/**
 * Whether the link row still stands behind the token: the row is read on every use (one
 * primary-key lookup), so revoking stops a link at once on every instance, with no cache to
 * end.
 */
const linkStands = async ({
  payload,
  claims,
  now,
}: {
  payload: Payload
  claims: PreviewClaims
  now: Date
}): Promise<boolean> => {
  const { docs } = await payload.find({
    collection: previewLinksSlug,
    where: { id: { equals: claims.link } },
    depth: 0,
    limit: 1,
    pagination: false,
    select: { tenant: true, collection: true, record: true, expiresAt: true, revoked: true },
    overrideAccess: true,
  })
  const link = docs[0]
  return (
    link !== undefined &&
    !link.revoked &&
    relationId(link.tenant as RelationValue) === claims.tenant &&
    link.collection === claims.collection &&
    link.record === claims.record &&
    new Date(link.expiresAt).getTime() > now.getTime()
  )
}

/**
 * The keyless read of a shared draft (`partnerApi({ guestReads })`): a request to retrieve one
 * record of `collection` with `preview=<token>` and no key is admitted to that record's latest
 * version when the token was signed here for this tenant, kind and record, has not expired, and
 * its link is not revoked. Anything else is the same 401.
 */
export const previewAccess = (collection: PreviewCollection): GuestAccess => ({
  description:
    'Without an API key, with `preview=<token>` from a preview link made for this record (`POST …/preview-links`): the latest version, drafts included, while the link is valid. An invalid, expired or revoked token gets 401. With a key, `preview` is ignored.',
  parameters: [
    {
      name: previewParameter,
      in: 'query',
      required: false,
      description:
        'A preview link’s token: lets a request without a key read this one record’s latest draft. Ignored with a key.',
      schema: { type: 'string', maxLength: 512 },
    },
  ],
  admit: async ({ payload, tenant, params, search }): Promise<GuestPass> => {
    const tokens = search.getAll(previewParameter)
    const now = new Date()
    const claims =
      tokens.length === 1
        ? readPreviewToken({ token: tokens[0]!, secret: payload.secret })
        : undefined
    const fits =
      claims !== undefined &&
      claims.tenant === String(tenant.id).toLowerCase() &&
      claims.collection === collection &&
      claims.record === (params.id ?? '').toLowerCase() &&
      claims.expiresAt.getTime() > now.getTime()
    if (!fits || !(await linkStands({ payload, claims, now }))) return refuse()
    return { name: 'preview', latestOf: { collection, id: claims.record } }
  },
})
