import type { CollectionBeforeChangeHook } from 'payload'

import { relationId, type RelationValue } from '../../../lib/relationId'
import { bookingUrlOf } from '../../Events/bookingUrls'
import { eventFacts } from '../eventFacts'

/**
 * `bookingUrl` is the server's, whatever a body said: worked out on every save of a
 * performance from its own link, the box office's page and its event's (as published).
 * The event is read only when the first two leave it to the event's link, in the statement
 * that reads its title for the default title (`eventFacts`).
 */
export const keepBookingUrl: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  const merged = { ...originalDoc, ...data } as Record<string, unknown>
  const eventId = relationId(merged.event as RelationValue)
  const booking = (merged.booking ?? {}) as { bookingLinkURL?: unknown }
  const own = { instanceLink: booking.bookingLinkURL, ticketingUrl: merged.ticketingUrl }
  const withoutEvent = bookingUrlOf({ ...own, eventLink: null })
  return {
    ...data,
    bookingUrl:
      withoutEvent ??
      bookingUrlOf({
        ...own,
        eventLink: eventId ? (await eventFacts({ req, eventId })).bookingLink : null,
      }),
  }
}
