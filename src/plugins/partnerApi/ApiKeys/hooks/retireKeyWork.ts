import type { CollectionAfterChangeHook, CollectionBeforeDeleteHook, PayloadRequest } from 'payload'

import type { ApiKey } from '../../../../payload-types'
import { cancelChangesOfKey } from '../../../scheduling/keyChanges'
import { pauseWebhooksOfKey } from '../../../webhooks/operations/keyWebhooks'

/**
 * What a key made must not outlive it: a key's scheduled change runs as the system and its
 * subscriptions send the tenant's changes to wherever the partner said. Revoking or deleting
 * the key pauses its subscriptions (a tenant admin may turn them back on) and cancels its
 * changes to come, in the revocation's own transaction.
 */
const retireKeyWork = async ({
  req,
  key,
  what,
}: {
  req: PayloadRequest
  key: Pick<ApiKey, 'id' | 'name' | 'prefix'>
  what: 'revoked' | 'deleted'
}): Promise<void> => {
  const named = [key.name, key.prefix].filter(Boolean).join(', ')
  await pauseWebhooksOfKey({
    req,
    key: key.id,
    reason: `Paused: the API key that made it (${named}) was ${what}.`,
  })
  await cancelChangesOfKey({ req, key: key.id })
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
