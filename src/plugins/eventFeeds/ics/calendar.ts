import { TZDate } from '@date-fns/tz'
import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import ical, { ICalEventStatus } from 'ical-generator'

import { readSettings } from '../../../lib/settings'
import type { Event, EventInstance } from '../../../payload-types'
import {
  descriptionOf,
  isAllDay,
  isCancelled,
  named,
  onWebsite,
  placeLine,
  placeOf,
  zoneOf,
} from '../read/facts'
import type { FeedReading } from '../read/types'
import { revisionOf } from './sequence'

/**
 * The UID's right-hand side: the installation's host, which outlives any tenant's slug, so an
 * entry keeps its UID whatever is renamed (the left is the performance's id).
 */
const uidHost = (): string => {
  try {
    return new URL(readSettings().serverUrl).hostname
  } catch {
    return 'events.invalid'
  }
}

/** An instant as the wall time of a zone: ical-generator writes it with that TZID. */
const inZone = (value: string, timeZone: string): TZDate =>
  new TZDate(new Date(value).getTime(), timeZone)

/**
 * An all-day entry's end: none for one day (a DATE start lasts its day), else the day after
 * the last one (DTEND of dates is exclusive), and `allDay` itself.
 */
const allDayEnd = ({
  performance,
  timeZone,
}: {
  performance: EventInstance
  timeZone: string
}): { allDay: true; end?: TZDate } => {
  const start = inZone(performance.startDate, timeZone)
  const last = performance.endDate ? inZone(performance.endDate, timeZone) : start
  if (last.toDateString() === start.toDateString()) return { allDay: true }
  const end = new TZDate(last.getFullYear(), last.getMonth(), last.getDate() + 1, timeZone)
  return { allDay: true, end }
}

const entryOf = ({
  performance,
  event,
  reading,
  host,
}: {
  performance: EventInstance
  event: Event
  reading: FeedReading
  host: string
}) => {
  const timeZone = zoneOf({ performance, reading })
  const venue = named(reading.venues, performance.venue)
  const { sequence, stamp } = revisionOf({
    createdAt: performance.createdAt,
    updatedAt: [performance.updatedAt, event.updatedAt, venue?.updatedAt],
  })
  return {
    id: `${performance.id}@${host}`,
    sequence,
    // DTSTAMP in UTC: the entry's last change, so equal records give an equal feed.
    stamp: new TZDate(stamp.getTime(), 'UTC'),
    timezone: timeZone,
    start: inZone(performance.startDate, timeZone),
    ...(isAllDay(event)
      ? allDayEnd({ performance, timeZone })
      : performance.endDate
        ? { end: inZone(performance.endDate, timeZone) }
        : {}),
    summary: event.title,
    description: descriptionOf({ event, reading }) ?? null,
    location: placeLine(placeOf({ performance, event, reading })) ?? null,
    url: performance.bookingUrl ?? onWebsite({ reading, path: event.url }) ?? null,
    status: isCancelled(performance) ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  }
}

/**
 * The reading as an iCalendar (RFC 5545) text: one VEVENT per performance in its zone's local
 * time with that zone's VTIMEZONE (so a client places it right on either side of a daylight
 * saving change), lines folded at 75 octets by the library.
 */
export const calendarText = ({ reading, name }: { reading: FeedReading; name: string }): string => {
  const host = uidHost()
  const calendar = ical({
    name,
    prodId: { company: 'arts-cms', product: 'event-feeds', language: 'EN' },
    // No calendar-wide zone: DTSTAMP stays UTC; each entry's zone gets its VTIMEZONE.
    timezone: { name: null, generator: getVtimezoneComponent },
    ttl: 60 * 60,
  })
  for (const performance of reading.performances) {
    const event = named(reading.events, performance.event)
    if (event) calendar.createEvent(entryOf({ performance, event, reading, host }))
  }
  return calendar.toString()
}
