import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { executeInRequest } from '../../db/inTransaction'
import { collectionTable } from '../../db/postgres'
import { eventColumn } from './eventColumn'

const present = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined

/**
 * The link a website shows for a performance, one rule: an editor's link on the performance,
 * else the box office's own page for it, else the event's link. The box office's page comes
 * before the event's because it books this very performance; the event's link is a fallback
 * for performances the box office has no page for (hand-made ones, Elevent without a template).
 * The migration `20261125_045312_ticketing_providers` recomputes stored values by this order.
 */
export const bookingUrlOf = ({
  instanceLink,
  eventLink,
  ticketingUrl,
}: {
  instanceLink: unknown
  eventLink: unknown
  ticketingUrl: unknown
}): string | null => present(instanceLink) ?? present(ticketingUrl) ?? present(eventLink) ?? null

/** The event's booking link as published, read in the request's transaction. */
export const eventBookingLink = ({
  req,
  eventId,
}: {
  req: PayloadRequest
  eventId: string
}): Promise<string | null> => eventColumn({ req, eventId, field: 'booking_bookingLinkURL' })

/**
 * After an event's booking link changed: its performances' `bookingUrl` recomputed by the same
 * rule, in the event write's transaction. Plain SQL, like the event's performance dates: the
 * performances' own content did not change, so they get no change-log entry of their own (the
 * event's write already ends the tenant's cached answers).
 */
export const storeBookingUrls = async ({
  req,
  eventId,
  eventLink,
}: {
  req: PayloadRequest
  eventId: string
  eventLink: string | null
}): Promise<void> => {
  const instances = collectionTable({ payload: req.payload, collection: 'event-instances' })
  const own = instances?.field('booking_bookingLinkURL')
  const ticketing = instances?.field('ticketingUrl')
  const booking = instances?.field('bookingUrl')
  const event = instances?.field('event')
  if (!instances || !own || !ticketing || !booking || !event)
    throw new Error('event-instances has no booking link columns')
  const link = present(eventLink) ?? null
  const wanted = sql`coalesce(nullif(trim(${sql.identifier(own)}), ''),
        nullif(trim(${sql.identifier(ticketing)}), ''), ${link}::text)`
  // Every published save of the event asks; only performances whose link moves are rewritten.
  await executeInRequest({
    req,
    query: sql`update ${sql.identifier(instances.name)}
      set ${sql.identifier(booking)} = ${wanted}
      where ${sql.identifier(event)} = ${eventId}
        and ${sql.identifier(booking)} is distinct from ${wanted}`,
  })
}
