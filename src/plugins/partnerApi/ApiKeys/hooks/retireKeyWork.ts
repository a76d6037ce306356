import type { CollectionAfterChangeHook, CollectionBeforeDeleteHook } from 'payload'

import type { ApiKey } from '../../../../payload-types'
import { partnerOptions } from '../../options'
import type { KeyRetirement } from '../../types'

/**
 * What a key made must not outlive it: a key's scheduled change runs as the system and its
 * subscriptions send the tenant's changes to wherever the partner said. Revoking or deleting
 * the key runs what the plugins gave as `keyRetirement` (webhooks pauses its subscriptions,
 * scheduling cancels its changes to come), in the revocation's own transaction.
 */
const retireKeyWork: KeyRetirement = async (args) => {
  for (const retire of partnerOptions(args.req.payload.config).keyRetirement) await retire(args)
}

export const retireOnRevoke: CollectionAfterChangeHook<ApiKey> = async ({
  doc,
  operation,
  previousDoc,
  req,
}) => {
  if (operation === 'update' && doc.revoked && !previousDoc?.revoked)
    await retireKeyWork({ req, key: doc, what: 'revoked' })
  return doc
}

/** Before the delete: the key's row takes its `createdBy` references with it. */
export const retireOnDelete: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const key = await req.payload.findByID({
    collection: 'api-keys',
    id,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
    req,
  })
  if (key) await retireKeyWork({ req, key, what: 'deleted' })
}
