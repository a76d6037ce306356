import type { CollectionBeforeChangeHook } from 'payload'

import { relationId, type RelationValue } from '../../../lib/relationId'
import { bookingUrlOf } from '../../Events/bookingUrls'

/**
 * `bookingUrl` is the server's, whatever a body said: worked out on every save of a
 * performance from its own link, its event's (as published) and the box office's page.
 */
export const keepBookingUrl: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  const merged = { ...originalDoc, ...data } as Record<string, unknown>
  const eventId = relationId(merged.event as RelationValue)
  const event = eventId
    ? await req.payload
        .findByID({
          collection: 'events',
          id: eventId,
          req,
          depth: 0,
          overrideAccess: true,
          disableErrors: true,
          select: { booking: true },
        })
        .catch(() => null)
    : null
  const booking = (merged.booking ?? {}) as { bookingLinkURL?: unknown }
  return {
    ...data,
    bookingUrl: bookingUrlOf({
      instanceLink: booking.bookingLinkURL,
      eventLink: (event as { booking?: { bookingLinkURL?: unknown } } | null)?.booking
        ?.bookingLinkURL,
      ticketingUrl: merged.ticketingUrl,
    }),
  }
}
