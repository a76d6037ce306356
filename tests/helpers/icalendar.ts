import ICAL from 'ical.js'

/** One VEVENT of a feed as a calendar client reads it. */
export type ParsedEntry = {
  uid: string
  sequence: number
  status: string | undefined
  summary: string
  description: string | undefined
  location: string | undefined
  url: string | undefined
  /** The UTC instants the client places the entry at, through the feed's VTIMEZONE. */
  start: string
  end: string | undefined
  /** The zone DTSTART names. */
  tzid: string | undefined
}

/**
 * A calendar text parsed back with ical.js (another library than the one that wrote it): its
 * VTIMEZONEs registered first, so local times turn into the instants a client shows.
 */
export const parseCalendar = (text: string): { entries: ParsedEntry[]; zones: string[] } => {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const zones = calendar.getAllSubcomponents('vtimezone')
  for (const zone of zones) ICAL.TimezoneService.register(zone)
  const entries = calendar.getAllSubcomponents('vevent').map((vevent): ParsedEntry => {
    const event = new ICAL.Event(vevent)
    const text = (name: string): string | undefined => {
      const value = vevent.getFirstPropertyValue(name)
      return value === null || value === undefined ? undefined : String(value)
    }
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: text('status'),
      summary: event.summary,
      description: text('description'),
      location: text('location'),
      url: text('url'),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate ? event.endDate.toJSDate().toISOString() : undefined,
      tzid: vevent.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined,
    }
  })
  return { entries, zones: zones.map((zone) => String(zone.getFirstPropertyValue('tzid'))) }
}

/** RFC 5545 3.1: content lines folded at 75 octets; unfolding removes CRLF + one blank. */
export const foldedLines = (text: string): string[] => text.split('\r\n').filter(Boolean)
export const unfold = (text: string): string => text.replace(/\r\n[ \t]/g, '')
