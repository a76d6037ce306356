import { richTextText } from '../../../fields/richTextText'
import { relationId, type RelationValue } from '../../../lib/relationId'
import { readSettings } from '../../../lib/settings'
import { isTimeZone } from '../../../lib/timeZones'
import type { Event, EventInstance, Media, Venue } from '../../../payload-types'
import { eventFeedLimits } from '../defaults'
import type { FeedReading } from './types'

/**
 * What both formats say of a performance, each rule once: its zone, its state, its place, the
 * event's words and pictures.
 */

/** The zone a performance's times are shown in: its own, else its tenant's, else the installation's. */
export const zoneOf = ({
  performance,
  reading,
}: {
  performance: EventInstance
  reading: FeedReading
}): string =>
  [performance.startDate_tz, reading.tenant.timeZone].find((zone): zone is string =>
    isTimeZone(zone),
  ) ?? readSettings().timeZone

/**
 * Whether the event's performances are shown as dates without times (`hideStartTime`: all-day
 * or ongoing events): JSON-LD gives dates, a calendar all-day entries.
 */
export const isAllDay = (event: Event): boolean => event.hideStartTime === true

/** Cancelled by the editor's flag or by the box office's word. */
export const isCancelled = (performance: EventInstance): boolean =>
  performance.cancelled === true || performance.availability === 'cancelled'

/** A record the reading holds, by the reference that names it. */
export const named = <T>(map: ReadonlyMap<string, T>, value: unknown): T | undefined => {
  const id = relationId(value as RelationValue)
  return id === undefined ? undefined : map.get(id)
}

/** Plain text of rich text, whitespace run together and cut to a length a listing shows. */
export const plainText = (value: unknown): string | undefined => {
  const text = richTextText(value).replace(/\s+/g, ' ').trim()
  if (!text) return undefined
  const max = eventFeedLimits.descriptionChars
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text
}

/** The event's description, else its work's synopsis. */
export const descriptionOf = ({
  event,
  reading,
}: {
  event: Event
  reading: FeedReading
}): string | undefined =>
  plainText(event.description) ?? plainText(named(reading.works, event.work)?.description)

/** Absolute addresses of the event's picture (else its work's): the large size first. */
export const imagesOf = ({ event, reading }: { event: Event; reading: FeedReading }): string[] => {
  const media: Media | undefined =
    named(reading.media, event.image) ??
    named(reading.media, named(reading.works, event.work)?.image)
  return [...new Set([media?.src_opengraph, media?.src])].filter(
    (url): url is string => typeof url === 'string' && /^https?:\/\//.test(url),
  )
}

/** A path of the tenant's website as an absolute URL, when the tenant names its website. */
export const onWebsite = ({
  reading,
  path,
}: {
  reading: FeedReading
  path: string | null | undefined
}): string | undefined => {
  const website = reading.tenant.website
  if (!website || !path) return undefined
  if (/^https?:\/\//.test(path)) return path
  return `${website.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
}

/** Where a performance is: its venue record, else the event's own venue words. */
export type PlaceFacts = {
  name?: string
  streetAddress?: string
  locality?: string
  region?: string
  postalCode?: string
  country?: string
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined

export const placeOf = ({
  performance,
  event,
  reading,
}: {
  performance: EventInstance
  event: Event
  reading: FeedReading
}): PlaceFacts | undefined => {
  const venue: Venue | undefined = named(reading.venues, performance.venue)
  const facts: PlaceFacts = venue
    ? {
        name: text(venue.title),
        streetAddress: text(venue.address?.streetAddress),
        locality: text(venue.address?.locality),
        region: text(venue.address?.region),
        postalCode: text(venue.address?.postalCode),
        country: text(venue.address?.country),
      }
    : {
        name: text(event.venue?.name),
        streetAddress: text(event.venue?.address),
        locality: text(event.venue?.city),
        country: text(event.venue?.country),
      }
  return Object.values(facts).some(Boolean) ? facts : undefined
}

/** A place in one line, for a calendar's LOCATION. */
export const placeLine = (place: PlaceFacts | undefined): string | undefined => {
  if (!place) return undefined
  const parts = [
    place.name,
    place.streetAddress,
    [place.postalCode, place.locality].filter(Boolean).join(' '),
    place.region,
    place.country,
  ].filter((part): part is string => Boolean(part))
  return parts.length > 0 ? parts.join(', ') : undefined
}
