import type { ItemAvailability, Offer } from 'schema-dts'

import { isoInZone } from '../../../lib/zonedTime'
import type { Availability } from '../../../collections/EventInstances/availability'
import type { EventInstance } from '../../../payload-types'
import { isCancelled } from '../read/facts'

/**
 * The box office's word as schema.org's: `not_on_sale` is a sale that has not opened
 * (PreOrder), a cancelled performance's tickets are Discontinued.
 */
const availabilityTerms: Record<Availability, ItemAvailability> = {
  available: 'https://schema.org/InStock',
  limited: 'https://schema.org/LimitedAvailability',
  sold_out: 'https://schema.org/SoldOut',
  not_on_sale: 'https://schema.org/PreOrder',
  cancelled: 'https://schema.org/Discontinued',
}

/** A performance's availability in schema.org's terms; none when nothing is known. */
export const availabilityOf = (performance: EventInstance): ItemAvailability | undefined => {
  if (isCancelled(performance)) return availabilityTerms.cancelled
  if (performance.availability) return availabilityTerms[performance.availability]
  return performance.onSale ? availabilityTerms.available : undefined
}

/**
 * The performance's tickets as one Offer: the booking link the server keeps, the price and
 * currency the box office gave (Line-Up's lowest price today), the availability, and when the
 * sale opens. None when none of them is known.
 */
export const offerOf = ({
  performance,
  timeZone,
}: {
  performance: EventInstance
  timeZone: string
}): Offer | undefined => {
  const pricing = performance.lineup?.pricing
  const price = typeof pricing?.price === 'number' ? pricing.price : undefined
  const currency = pricing?.currency?.trim().toUpperCase()
  const availability = availabilityOf(performance)
  const saleStart = performance.lineup?.availability?.saleStart
  const offer: Offer = {
    '@type': 'Offer',
    ...(performance.bookingUrl ? { url: performance.bookingUrl } : {}),
    ...(price !== undefined && currency ? { price, priceCurrency: currency } : {}),
    ...(availability ? { availability } : {}),
    ...(saleStart ? { validFrom: String(isoInZone({ value: saleStart, timeZone })) } : {}),
  }
  return Object.keys(offer).length > 1 ? offer : undefined
}
