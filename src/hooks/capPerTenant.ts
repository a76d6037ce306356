import { sql } from '@payloadcms/db-postgres'
import type { CollectionSlug, PayloadRequest, Where } from 'payload'
import { ValidationError } from 'payload'

import { executeInRequest } from '../db/inTransaction'

/**
 * Refuses a record that would take a tenant past `max` records of `collection`: each is a row
 * to look up and, for keys and webhooks, work the server does for the tenant. Two creates at
 * once must not both see room for one more, so the count is taken under the tenant's lock.
 */
export const capPerTenant = async ({
  req,
  collection,
  tenant,
  where,
  max,
  path,
  message,
}: {
  req: PayloadRequest
  collection: CollectionSlug
  tenant: string
  /** How the collection's records of the tenant are found. */
  where: Where
  max: number
  path: string
  message: string
}): Promise<void> => {
  await executeInRequest({
    req,
    query: sql`select pg_advisory_xact_lock(hashtext(${`${collection}:${tenant}`}))`,
  })
  const { totalDocs } = await req.payload.count({ collection, where, overrideAccess: true, req })
  if (totalDocs >= max) throw new ValidationError({ collection, errors: [{ path, message }], req })
}
