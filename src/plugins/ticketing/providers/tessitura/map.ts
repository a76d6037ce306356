import type { Availability, LiveStatus, ProviderInstance } from '../types'
import { bookingLink } from './address'
import type { TessituraPerformance } from './shapes'

/** "Few left": zones give no capacity, so a count of seats (design decision 2). */
export const limitedSeats = 20

/** Off sale: Tessitura's "On Sale box" unticked, or now outside the web publish window. */
export const isOffSale = (performance: TessituraPerformance, now: Date): boolean =>
  performance.saleIndicator !== 'Y' ||
  (performance.publishFrom !== null && now.getTime() < Date.parse(performance.publishFrom)) ||
  (performance.publishTo !== null && now.getTime() > Date.parse(performance.publishTo))

export const isCancelled = (performance: TessituraPerformance): boolean =>
  /cancel/i.test(performance.status)

/**
 * One vocabulary: cancelled, then not on sale, then the zones' seats. `seats` is undefined when
 * zones were not asked or answered no row: then never sold out.
 */
export const availabilityOf = ({
  performance,
  seats,
  now,
}: {
  performance: TessituraPerformance
  seats: number | undefined
  now: Date
}): Availability => {
  if (isCancelled(performance)) return 'cancelled'
  if (isOffSale(performance, now)) return 'not_on_sale'
  if (seats === undefined) return 'available'
  if (seats <= 0) return 'sold_out'
  if (seats <= limitedSeats) return 'limited'
  return 'available'
}

/** Tessitura's own words: "On Sale · Y · 7 left". */
export const providerStatusOf = ({
  performance,
  seats,
}: {
  performance: TessituraPerformance
  seats: number | undefined
}): string =>
  [
    performance.status || 'No status',
    performance.saleIndicator || '-',
    seats === undefined ? null : `${seats} left`,
  ]
    .filter((part) => part !== null)
    .join(' · ')

/** Descriptions trimmed, de-duplicated, sorted, joined: a stable hash and a `like` finds them. */
export const keywordField = (words: readonly { description: string }[]): string =>
  [...new Set(words.map((w) => w.description.trim()).filter(Boolean))].sort().join(', ')

/** What the event's keyword filter is matched against: ids and descriptions. */
export const keywordTerms = (words: readonly { id: string; description: string }[]): string[] => [
  ...new Set(words.flatMap((w) => [w.id, w.description.trim()]).filter(Boolean)),
]

export const liveStatus = ({
  performance,
  seats,
  now,
}: {
  performance: TessituraPerformance
  seats: number | undefined
  now: Date
}): LiveStatus => {
  const availability = availabilityOf({ performance, seats, now })
  const providerStatus = providerStatusOf({ performance, seats })
  return {
    externalId: performance.id,
    cancelled: availability === 'cancelled',
    onSale: availability !== 'cancelled' && availability !== 'not_on_sale',
    availability,
    providerStatus,
    fields: { 'tessitura.availability': providerStatus },
  }
}

export const mapInstance = ({
  performance,
  seats,
  keywords,
  tnewAddress,
  now,
}: {
  performance: TessituraPerformance
  seats: number | undefined
  keywords: readonly { id: string; description: string }[]
  tnewAddress: string | undefined
  now: Date
}): ProviderInstance => {
  const live = liveStatus({ performance, seats, now })
  return {
    externalId: performance.id,
    eventExternalId: performance.seasonId,
    start: performance.start,
    end: performance.duration
      ? new Date(Date.parse(performance.start) + performance.duration * 60_000).toISOString()
      : null,
    cancelled: live.cancelled,
    onSale: live.onSale,
    availability: live.availability,
    ticketingUrl: bookingLink({
      tnewAddress,
      productionSeasonId: performance.seasonId,
      performanceId: performance.id,
    }),
    providerStatus: live.providerStatus,
    fields: { ...live.fields, 'tessitura.keywords': keywordField(keywords) },
    keywords: keywordTerms(keywords),
  }
}
