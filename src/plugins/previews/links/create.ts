import type { Payload, TypedUser } from 'payload'

import { relationId, type RelationValue } from '../../../lib/relationId'
import { isUuid } from '../../../lib/uuid'
import { partnerBasePath } from '../../partnerApi/exports/base'
import type { Maker } from '../../partnerShape'
import { previewLinksSlug, type PreviewCollection } from '../defaults'
import { previewOptions } from '../options'
import { signPreviewToken } from '../tokens/token'

/** What making a link answers, once: the token is not kept and cannot be read again. */
export type MadeLink = { id: string; token: string; url: string; expiresAt: string }

/**
 * Where the link takes its reader: the tenant's website at the record's path, which reads the
 * draft from the partner API with the token; without a website, that partner API read itself.
 */
const linkUrl = ({
  website,
  path,
  api,
  token,
}: {
  website: string | null | undefined
  path: string | null | undefined
  api: string
  token: string
}): string => {
  const query = `?preview=${encodeURIComponent(token)}`
  return website && path ? `${website.replace(/\/+$/, '')}${path}${query}` : `${api}${query}`
}

/**
 * Makes a preview link for one record as `user` (an editor in the admin, or a key's member of
 * its one tenant): the record must be one they can read, drafts included (a record never
 * published is the usual case), else undefined, as for a missing one. `tenant`, when given,
 * must be the record's (a key's path).
 */
export const createPreviewLink = async ({
  payload,
  user,
  maker,
  collection,
  id,
  hours,
  tenant,
  now = new Date(),
}: {
  payload: Payload
  user: Pick<TypedUser, 'id' | 'collection'>
  maker: Maker | null
  collection: PreviewCollection
  id: string
  hours: number
  tenant?: string
  now?: Date
}): Promise<MadeLink | undefined> => {
  if (!isUuid(id)) return undefined
  const { docs } = await payload.find({
    collection,
    where: { id: { equals: id } },
    draft: true,
    depth: 0,
    limit: 1,
    pagination: false,
    select: { tenant: true, url: true },
    overrideAccess: false,
    user,
  })
  const record = docs[0] as { id: string; tenant?: RelationValue; url?: string | null } | undefined
  const owner = relationId(record?.tenant)
  if (!record || !owner || (tenant !== undefined && owner !== tenant)) return undefined
  const { slug, website } = await payload.findByID({
    collection: 'tenants',
    id: owner,
    depth: 0,
    select: { slug: true, website: true },
    overrideAccess: true,
  })
  const expiresAt = new Date(now.getTime() + hours * 3_600_000)
  const link = await payload.create({
    collection: previewLinksSlug,
    data: {
      tenant: owner,
      collection,
      record: String(record.id),
      expiresAt: expiresAt.toISOString(),
      revoked: false,
      ...(maker
        ? {
            createdBy: {
              relationTo: maker.type === 'key' ? ('api-keys' as const) : ('users' as const),
              value: maker.id,
            },
          }
        : {}),
    },
    overrideAccess: true,
  })
  const token = signPreviewToken({
    claims: { link: link.id, tenant: owner, collection, record: String(record.id), expiresAt },
    secret: payload.secret,
  })
  const api = `${previewOptions(payload.config).serverUrl}${partnerBasePath}/${slug}/${collection}/${String(record.id)}`
  return {
    id: link.id,
    token,
    url: linkUrl({ website, path: record.url, api, token }),
    expiresAt: expiresAt.toISOString(),
  }
}
