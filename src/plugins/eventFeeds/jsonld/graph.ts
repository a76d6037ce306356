import type {
  CreativeWork,
  Event as SchemaEvent,
  EventSeries,
  EventStatusType,
  Graph,
  Organization,
  Place,
  TheaterEvent,
} from 'schema-dts'

import { isoInZone } from '../../../lib/zonedTime'
import type { Event, EventInstance, Season, Series } from '../../../payload-types'
import {
  descriptionOf,
  imagesOf,
  isAllDay,
  isCancelled,
  named,
  onWebsite,
  placeOf,
  zoneOf,
  type PlaceFacts,
} from '../read/facts'
import type { FeedReading } from '../read/types'
import { eventTypeOf, type ArtsEventType } from './eventType'
import { offerOf } from './offers'

/** What every Event type has: the properties of any of them, without its `@type`. */
type EventProperties = Omit<TheaterEvent, '@type'>

/** One Event of the kind's type (a switch, so each object is checked as that type). */
const typed = (type: ArtsEventType, properties: EventProperties): SchemaEvent => {
  switch (type) {
    case 'TheaterEvent':
      return { '@type': 'TheaterEvent', ...properties }
    case 'MusicEvent':
      return { '@type': 'MusicEvent', ...properties }
    case 'DanceEvent':
      return { '@type': 'DanceEvent', ...properties }
    case 'ComedyEvent':
      return { '@type': 'ComedyEvent', ...properties }
    case 'ScreeningEvent':
      return { '@type': 'ScreeningEvent', ...properties }
    default:
      return { '@type': 'Event', ...properties }
  }
}

const placeNode = (place: PlaceFacts): Place => {
  const { name, ...address } = place
  const hasAddress = Object.values(address).some(Boolean)
  return {
    '@type': 'Place',
    ...(name ? { name } : {}),
    ...(hasAddress
      ? {
          address: {
            '@type': 'PostalAddress',
            ...(address.streetAddress ? { streetAddress: address.streetAddress } : {}),
            ...(address.locality ? { addressLocality: address.locality } : {}),
            ...(address.region ? { addressRegion: address.region } : {}),
            ...(address.postalCode ? { postalCode: address.postalCode } : {}),
            ...(address.country ? { addressCountry: address.country } : {}),
          },
        }
      : {}),
  }
}

/** The event's organizer group when it names one, else the tenant with its website. */
const organizerOf = ({ event, reading }: { event: Event; reading: FeedReading }): Organization => {
  const own = event.organizer?.name?.trim()
  const website = reading.tenant.website ?? undefined
  if (own)
    return {
      '@type': 'Organization',
      name: own,
      ...(event.organizer?.email ? { email: event.organizer.email } : {}),
      ...(website ? { url: website } : {}),
    }
  return {
    '@type': 'Organization',
    name: reading.tenant.name,
    ...(website ? { url: website } : {}),
  }
}

const seriesNode = ({
  record,
  reading,
}: {
  record: Season | Series
  reading: FeedReading
}): EventSeries => {
  const url = onWebsite({ reading, path: 'url' in record ? record.url : undefined })
  return { '@type': 'EventSeries', name: record.title, ...(url ? { url } : {}) }
}

/** The season and the series the event belongs to, as EventSeries. */
const superEventsOf = ({ event, reading }: { event: Event; reading: FeedReading }): EventSeries[] =>
  [named(reading.seasons, event.season), named(reading.series, event.series)]
    .filter((record): record is Season | Series => record !== undefined)
    .map((record) => seriesNode({ record, reading }))

const workOf = ({
  event,
  reading,
}: {
  event: Event
  reading: FeedReading
}): CreativeWork | undefined => {
  const work = named(reading.works, event.work)
  if (!work) return undefined
  const url = onWebsite({ reading, path: work.url })
  return { '@type': 'CreativeWork', name: work.title, ...(url ? { url } : {}) }
}

const statusOf = (performance: EventInstance): EventStatusType =>
  isCancelled(performance)
    ? 'https://schema.org/EventCancelled'
    : performance.previousStartDate
      ? 'https://schema.org/EventRescheduled'
      : 'https://schema.org/EventScheduled'

/** One performance as a schema.org Event. */
const performanceNode = ({
  performance,
  event,
  reading,
}: {
  performance: EventInstance
  event: Event
  reading: FeedReading
}): SchemaEvent => {
  const timeZone = zoneOf({ performance, reading })
  // An all-day event's dates are the local dates alone (ISO 8601 allows a date).
  const length = isAllDay(event) ? 'YYYY-MM-DD'.length : undefined
  const at = (value: string | null | undefined): string | undefined =>
    value ? String(isoInZone({ value, timeZone })).slice(0, length) : undefined
  const url = onWebsite({ reading, path: event.url })
  const description = descriptionOf({ event, reading })
  const images = imagesOf({ event, reading })
  const place = placeOf({ performance, event, reading })
  const offer = offerOf({ performance, timeZone })
  const work = workOf({ event, reading })
  const superEvents = superEventsOf({ event, reading })
  const endDate = at(performance.endDate)
  const previousStartDate = isCancelled(performance) ? undefined : at(performance.previousStartDate)
  return typed(eventTypeOf(event), {
    ...(url ? { '@id': `${url}#${performance.id}`, url } : {}),
    name: event.title,
    startDate: at(performance.startDate) ?? performance.startDate,
    ...(endDate ? { endDate } : {}),
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: statusOf(performance),
    ...(previousStartDate ? { previousStartDate } : {}),
    ...(place ? { location: placeNode(place) } : {}),
    ...(images.length > 0 ? { image: images } : {}),
    ...(description ? { description } : {}),
    ...(offer ? { offers: offer } : {}),
    organizer: organizerOf({ event, reading }),
    ...(work ? { workPerformed: work } : {}),
    ...(superEvents.length === 1
      ? { superEvent: superEvents[0] }
      : superEvents.length > 1
        ? { superEvent: superEvents }
        : {}),
  })
}

/**
 * The reading as schema.org JSON-LD: one Event per visible performance, earliest first. The
 * CMS records no performers, so none are named (Google's `performer` is recommended, not
 * required).
 */
export const eventGraph = (reading: FeedReading): Graph => ({
  '@context': 'https://schema.org',
  '@graph': reading.performances.flatMap((performance) => {
    const event = named(reading.events, performance.event)
    return event ? [performanceNode({ performance, event, reading })] : []
  }),
})
