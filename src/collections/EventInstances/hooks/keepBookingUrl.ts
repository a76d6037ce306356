import type { CollectionBeforeChangeHook } from 'payload'

import { relationId, type RelationValue } from '../../../lib/relationId'
import { bookingUrlOf, eventBookingLink } from '../../Events/bookingUrls'

/**
 * `bookingUrl` is the server's, whatever a body said: worked out on every save of a
 * performance from its own link, its event's (as published) and the box office's page.
 * One indexed SELECT: a sync saves thousands of performances.
 */
export const keepBookingUrl: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  const merged = { ...originalDoc, ...data } as Record<string, unknown>
  const eventId = relationId(merged.event as RelationValue)
  const booking = (merged.booking ?? {}) as { bookingLinkURL?: unknown }
  return {
    ...data,
    bookingUrl: bookingUrlOf({
      instanceLink: booking.bookingLinkURL,
      eventLink: eventId ? await eventBookingLink({ req, eventId }) : null,
      ticketingUrl: merged.ticketingUrl,
    }),
  }
}
