import type { PayloadRequest } from 'payload'

import { eventColumns } from '../Events/eventColumn'

export type EventFacts = { title: string | null; bookingLink: string | null }

/** Per save: the data object Payload hands from one `beforeChange` hook to the next. */
const read = new WeakMap<object, { eventId: string; facts: Promise<EventFacts> }>()

/**
 * What a performance's save derives from its event, as published: its title (the default
 * title) and its booking link (the booking URL). Both hooks that need them run on the same
 * save, one after the other: the event is read once for both, in one statement.
 */
export const eventFacts = ({
  req,
  eventId,
  save,
}: {
  req: PayloadRequest
  eventId: string
  /** The save's data, as the hook was given it. */
  save: object
}): Promise<EventFacts> => {
  const known = read.get(save)
  if (known?.eventId === eventId) return known.facts
  const facts = eventColumns({
    req,
    eventId,
    fields: ['title', 'booking_bookingLinkURL'],
  }).then((row) => ({ title: row.title, bookingLink: row.booking_bookingLinkURL }))
  read.set(save, { eventId, facts })
  return facts
}
