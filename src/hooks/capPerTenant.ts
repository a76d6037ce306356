import { sql } from '@payloadcms/db-postgres'
import type {
  CollectionBeforeChangeHook,
  CollectionSlug,
  PayloadRequest,
  SanitizedConfig,
  Where,
} from 'payload'
import { ValidationError } from 'payload'

import { executeInRequest } from '../db/inTransaction'
import { relationId, type RelationValue } from '../lib/relationId'

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

/**
 * The hook that keeps a tenant's records of `collection` to `max` (read from the configuration's
 * options), counted when one is created: "A tenant holds at most 10 {what}".
 */
export const capPerTenantOnCreate =
  ({
    collection,
    path,
    max,
    what,
  }: {
    collection: CollectionSlug
    /** The field the refusal names. */
    path: string
    max: (config: SanitizedConfig) => number
    /** The records, plural, as the refusal names them ("webhook subscriptions"). */
    what: string
  }): CollectionBeforeChangeHook =>
  async ({ data, operation, req }) => {
    const tenant = relationId(data.tenant as RelationValue)
    if (operation !== 'create' || !tenant) return data
    const limit = max(req.payload.config)
    await capPerTenant({
      req,
      collection,
      tenant,
      where: { tenant: { equals: tenant } },
      max: limit,
      path,
      message: `A tenant holds at most ${limit} ${what}; delete one it no longer needs.`,
    })
    return data
  }
