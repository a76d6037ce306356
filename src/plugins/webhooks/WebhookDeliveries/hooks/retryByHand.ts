import { ValidationError, type CollectionBeforeChangeHook } from 'payload'

import type { WebhookDelivery } from '../../../../payload-types'
import { retryRefusal } from '../../operations/retryAdmission'

/**
 * A delivery is the server's record of what it sent: a user changes nothing in it but may ask
 * for it to be sent again ("Retry now"), which puts it back in the queue as due at once, unless
 * `retryRefusal` says why not. The system (no user) writes it freely.
 */
export const retryByHand: CollectionBeforeChangeHook<WebhookDelivery> = async ({
  data,
  originalDoc,
  operation,
  req,
}) => {
  if (!req.user || operation !== 'update' || !originalDoc) return data
  const { retry: _retry, ...stored } = originalDoc
  if (data.retry !== true) return stored
  const refused = await retryRefusal({ payload: req.payload, delivery: originalDoc })
  // Said on the "Retry now" field, as the admin shows a field's error.
  if (refused)
    throw new ValidationError({
      collection: 'webhook-deliveries',
      errors: [{ path: 'retry', message: refused }],
      req,
    })
  // A delivery under way is not sent a second time alongside itself.
  if (originalDoc.state === 'delivering') return stored
  return { ...stored, state: 'pending', nextAttemptAt: new Date().toISOString(), leaseUntil: null }
}
