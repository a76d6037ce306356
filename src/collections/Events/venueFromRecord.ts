import type { Event, Venue } from '../../payload-types'

/** The event's free-text venue group, as the event stores it (the partner API answers it so). */
export type EventVenue = Required<{ [K in keyof NonNullable<Event['venue']>]: string }>

const joined = (parts: Array<string | null | undefined>): string =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ')

/**
 * What a Venue record says in the event's venue group: its title as the name, street and
 * postal code as the address line, its town as the city.
 */
export const venueFromRecord = (venue: Pick<Venue, 'title' | 'address'>): EventVenue => ({
  name: venue.title.trim(),
  address: joined([venue.address?.streetAddress, venue.address?.postalCode]),
  city: joined([venue.address?.locality]),
  country: joined([venue.address?.country]),
})
