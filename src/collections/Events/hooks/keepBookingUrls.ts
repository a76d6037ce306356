import type { CollectionAfterChangeHook } from 'payload'

import { storeBookingUrls } from '../bookingUrls'

const linkOf = (doc: unknown): string | null =>
  ((doc as { booking?: { bookingLinkURL?: string | null } } | undefined)?.booking?.bookingLinkURL ??
    null) ||
  null

/**
 * Each save of the published event sets its performances' `bookingUrl` from its link (one
 * indexed UPDATE; comparing with `previousDoc` would miss a draft's link going live on
 * publish). A draft's link is not what a website shows yet, so a draft save changes nothing,
 * and a new event has no performances yet (theirs reference it), so its create has none to set.
 */
export const keepBookingUrls: CollectionAfterChangeHook = async ({ doc, req, operation }) => {
  if (operation === 'create' || (doc as { _status?: string })._status === 'draft') return doc
  await storeBookingUrls({ req, eventId: String(doc.id), eventLink: linkOf(doc) })
  return doc
}
