import { offsetAt } from '../../../../lib/zonedTime'
import { limitedShare } from '../spektrix/map'
import type { Availability, LiveStatus, ProviderEvent, ProviderInstance } from '../types'
import type { LineUpEvent, LineUpPerformance } from './shapes'

/** The most of a performance's raw JSON kept in `lineup.syncData`, in bytes. */
export const syncDataCap = 16 * 1024

/** A wall-clock date and time in a zone, as an ISO instant (the zone's offset at that time). */
export const zonedInstant = ({
  date,
  time,
  timeZone,
}: {
  date: string
  time: string
  timeZone: string
}): string => {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number]
  const [h, mi, s = 0] = time.split(':').map(Number) as [number, number, number?]
  const wall = Date.UTC(y, mo - 1, d, h, mi, s)
  const first = offsetAt({ instant: new Date(wall), timeZone })
  let at = wall - first
  // Across a change of offset the first guess is an hour out; the offset at the guess is right.
  const second = offsetAt({ instant: new Date(at), timeZone })
  if (second !== first) at = wall - second
  return new Date(at).toISOString()
}

const stripHtml = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()

/** A connection's template filled; only an https address counts, else null. */
export const fillTemplate = ({
  template,
  values,
}: {
  template: string | undefined
  values: Record<string, string>
}): string | null => {
  if (!template?.trim()) return null
  let missing = false
  const url = template.trim().replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name]
    if (!value) missing = true
    return encodeURIComponent(value ?? '')
  })
  if (missing) return null
  try {
    return new URL(url).protocol === 'https:' ? url : null
  } catch {
    return null
  }
}

export const mapEvent = ({
  event,
  bookingLinkTemplate,
}: {
  event: LineUpEvent
  bookingLinkTemplate?: string
}): ProviderEvent => {
  const ticketUrl =
    event.ticketUrl ??
    (bookingLinkTemplate?.includes('{performanceId}')
      ? null
      : fillTemplate({ template: bookingLinkTemplate, values: { eventId: event.id } }))
  return {
    externalId: event.id,
    title: event.name,
    description: event.shortDescription || stripHtml(event.description),
    durationMinutes: event.runTime,
    image: event.imageUrl ? { url: event.imageUrl, alt: event.name } : null,
    fields: {
      'lineup.eventName': event.name,
      'lineup.ticketUrl': ticketUrl,
      'lineup.websiteUrl': event.websiteUrl,
      'lineup.tags': event.tags.join(', '),
      ...(event.type ? { 'lineup.eventType': event.type } : {}),
      ...(event.category ? { 'lineup.eventCategory': event.category } : {}),
    },
  }
}

/** What the sale dates, the remaining count and Line-Up's status say, in one vocabulary. */
export const availabilityOf = ({
  performance,
  now,
}: {
  performance: LineUpPerformance
  now: Date
}): Availability => {
  if (performance.cancelled) return 'cancelled'
  const at = now.getTime()
  const status = performance.status ?? ''
  if (
    (performance.onSaleDate && at < Date.parse(performance.onSaleDate)) ||
    (performance.offSaleDate && at > Date.parse(performance.offSaleDate)) ||
    /off.?sale|not.?(yet.?)?on.?sale/i.test(status)
  )
    return 'not_on_sale'
  const remaining = performance.totalCapacityRemaining
  const capacity = performance.totalCapacity
  if (remaining === 0 || /sold.?out/i.test(status)) return 'sold_out'
  if (remaining !== null && capacity && remaining <= capacity * limitedShare) return 'limited'
  return 'available'
}

const derivedStatus: Record<Availability, string> = {
  cancelled: 'cancelled',
  not_on_sale: 'off_sale',
  sold_out: 'sold_out',
  limited: 'on_sale',
  available: 'on_sale',
}

/** Line-Up's own status when it sends one; else ours, in its words (`not_yet_on_sale` before the sale). */
const ticketStatusOf = ({
  performance,
  availability,
  now,
}: {
  performance: LineUpPerformance
  availability: Availability
  now: Date
}): string => {
  if (performance.status) return performance.status
  if (
    availability === 'not_on_sale' &&
    performance.onSaleDate &&
    now.getTime() < Date.parse(performance.onSaleDate)
  )
    return 'not_yet_on_sale'
  return derivedStatus[availability]
}

/** Line-Up's state of a performance, in its own terms, for support to read beside `availability`. */
export const statusWords = (performance: LineUpPerformance): string => {
  const parts = [performance.cancelled ? 'cancelled' : `status: ${performance.status ?? 'none'}`]
  if (performance.totalCapacityRemaining !== null)
    parts.push(
      `${performance.totalCapacityRemaining} of ${performance.totalCapacity ?? '?'} remaining`,
    )
  return parts.join(' · ')
}

const ticketTypeOf = (plan: string | null): string | null => {
  if (!plan) return null
  if (/general|unreserved|^ga$/i.test(plan)) return 'general_admission'
  if (/reserv|seat/i.test(plan)) return 'reserved'
  return plan
}

/**
 * The raw performance as JSON, at most `syncDataCap` bytes. A longer one keeps its top-level
 * values only (texts cut to 500 characters) and says so, so the field always holds valid JSON.
 */
export const syncDataOf = (raw: unknown): string => {
  const full = JSON.stringify(raw)
  if (Buffer.byteLength(full) <= syncDataCap) return full
  const short: Record<string, unknown> = { truncated: true }
  if (typeof raw === 'object' && raw !== null)
    for (const [key, value] of Object.entries(raw)) {
      if (typeof value === 'string') short[key] = value.slice(0, 500)
      else if (typeof value === 'number' || typeof value === 'boolean' || value === null)
        short[key] = value
    }
  const cut = JSON.stringify(short)
  return Buffer.byteLength(cut) <= syncDataCap ? cut : JSON.stringify({ truncated: true })
}

/** The booking page: the connection's template, else Line-Up's own link for it or its event. */
export const bookingLink = ({
  performance,
  event,
  bookingLinkTemplate,
}: {
  performance: LineUpPerformance
  event: LineUpEvent | undefined
  bookingLinkTemplate?: string
}): string | null =>
  (bookingLinkTemplate?.trim()
    ? fillTemplate({
        template: bookingLinkTemplate,
        values: { eventId: performance.eventId, performanceId: performance.id },
      })
    : null) ??
  performance.ticketUrl ??
  event?.ticketUrl ??
  null

/** The `live` paths of a performance: what an availability run writes (the raw record too). */
const liveFields = ({
  performance,
  availability,
  now,
}: {
  performance: LineUpPerformance
  availability: Availability
  now: Date
}): Record<string, unknown> => {
  const remaining = performance.totalCapacityRemaining
  const capacity = performance.totalCapacity
  return {
    'lineup.availability.quantityAvailable': remaining,
    'lineup.availability.quantitySold':
      remaining !== null && capacity !== null ? Math.max(0, capacity - remaining) : null,
    'lineup.ticketStatus': ticketStatusOf({ performance, availability, now }),
    'lineup.syncData': syncDataOf(performance.raw),
  }
}

export const mapLive = ({
  performance,
  now = new Date(),
}: {
  performance: LineUpPerformance
  now?: Date
}): LiveStatus => {
  const availability = availabilityOf({ performance, now })
  return {
    externalId: performance.id,
    cancelled: performance.cancelled,
    onSale: availability !== 'cancelled' && availability !== 'not_on_sale',
    availability,
    providerStatus: statusWords(performance),
    fields: liveFields({ performance, availability, now }),
  }
}

export const mapInstance = ({
  performance,
  event,
  bookingLinkTemplate,
  now = new Date(),
}: {
  performance: LineUpPerformance
  /** Its event as Line-Up answered it: the name, run time and currency come from there. */
  event: LineUpEvent | undefined
  bookingLinkTemplate?: string
  now?: Date
}): ProviderInstance => {
  const live = mapLive({ performance, now })
  const start = zonedInstant({
    date: performance.startDate,
    time: performance.startTime,
    timeZone: performance.timeZone,
  })
  const end = performance.endTime
    ? zonedInstant({
        date: performance.endDate ?? performance.startDate,
        time: performance.endTime,
        timeZone: performance.timeZone,
      })
    : event?.runTime
      ? new Date(Date.parse(start) + event.runTime * 60_000).toISOString()
      : null
  const price = performance.prices.length ? Math.min(...performance.prices) : null
  return {
    externalId: performance.id,
    eventExternalId: performance.eventId,
    start,
    end: end && end > start ? end : null,
    cancelled: live.cancelled,
    onSale: live.onSale,
    availability: live.availability,
    ticketingUrl: bookingLink({ performance, event, bookingLinkTemplate }),
    providerStatus: live.providerStatus,
    fields: {
      'lineup.ticketName': performance.name ?? event?.name ?? null,
      'lineup.ticketDescription': performance.description,
      'lineup.pricing.price': price,
      'lineup.pricing.currency': price === null ? null : (event?.currency ?? null),
      'lineup.availability.saleStart': performance.onSaleDate,
      'lineup.availability.saleEnd': performance.offSaleDate,
      'lineup.ticketType': ticketTypeOf(performance.venuePlanType),
      ...live.fields,
    },
  }
}
