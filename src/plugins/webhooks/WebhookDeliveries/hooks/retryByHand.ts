import type { CollectionBeforeChangeHook } from 'payload'

import type { WebhookDelivery } from '../../../../payload-types'

/**
 * A delivery is the server's record of what it sent: a user changes nothing in it but may ask
 * for it to be sent again ("Retry now"), which puts it back in the queue as due at once. The
 * system (no user) writes it freely.
 */
export const retryByHand: CollectionBeforeChangeHook<WebhookDelivery> = ({
  data,
  originalDoc,
  operation,
  req,
}) => {
  if (!req.user || operation !== 'update' || !originalDoc) return data
  const { retry: _retry, ...stored } = originalDoc
  // A delivery under way is not sent a second time alongside itself.
  if (data.retry !== true || originalDoc.state === 'delivering') return stored
  return { ...stored, state: 'pending', nextAttemptAt: new Date().toISOString(), leaseUntil: null }
}
