import type { PayloadRequest } from 'payload'

import type { User } from '../payload-types'

import { isSuperAdmin } from '../access/isSuperAdmin'
import { userTenantIds } from '../access/tenantRoles'
import { onTransactionEnd } from '../db/transactions'
import { fairQueue, fairRefusal } from '../lib/fairQueues'
import { relationId, type RelationValue } from '../lib/relationId'

/**
 * Whose image work an upload is: the tenant of the record it writes (sent, or stored for an
 * update or a duplicate) when the uploader may act for that tenant, else the uploader. The
 * place is taken before Payload's access check, so a tenant named by someone outside it must
 * cost that someone's share, never the named tenant's.
 */
/**
 * The `req.context` key by which server code that writes without a user (the box-office sync)
 * names whose image work an upload is; clients cannot set a request's context.
 */
export const uploadOwnerContext = 'uploadOwner'

const uploadOwner = async ({
  req,
  collection,
  data,
  id,
}: {
  req: PayloadRequest
  collection: string
  data?: Record<string, unknown>
  /** The stored record the upload reads or writes, if any. */
  id?: string | number
}): Promise<string> => {
  const named = req.context?.[uploadOwnerContext]
  if (!req.user && typeof named === 'string' && named) return named
  const uploader = req.user ? `${req.user.collection}:${req.user.id}` : 'anonymous'
  const user = req.user?.collection === 'users' ? (req.user as User) : undefined
  const mayActFor = (tenant: string): boolean =>
    isSuperAdmin(user) || userTenantIds({ user }).includes(tenant)
  const sent = relationId(data?.tenant as RelationValue)
  if (sent) return mayActFor(sent) ? sent : uploader
  if (id !== undefined) {
    const stored = (await req.payload
      .findByID({
        collection: collection as 'media',
        id,
        depth: 0,
        select: { tenant: true },
        overrideAccess: true,
        req,
        disableErrors: true,
      })
      .catch(() => null)) as { tenant?: RelationValue } | null
    const tenant = relationId(stored?.tenant)
    if (tenant && mayActFor(tenant)) return tenant
  }
  return uploader
}

/**
 * Holds one of the `images` fair queue's places for the upload's owner until the request's
 * transaction ends (Payload resizes within it), or refuses: 429 past the tenant's own share
 * and waiting places, 503 after a fair wait.
 */
export const takeImageSlot = async (upload: {
  req: PayloadRequest
  collection: string
  data?: Record<string, unknown>
  /** The stored record the upload reads or writes, if any. */
  id?: string | number
}): Promise<void> => {
  const owner = await uploadOwner(upload)
  const place = await fairQueue({ name: 'images' }).acquire({ owner })
  if ('over' in place) throw fairRefusal({ over: place.over, work: 'image uploads' })
  await onTransactionEnd({ req: upload.req, hook: place.release })
}
