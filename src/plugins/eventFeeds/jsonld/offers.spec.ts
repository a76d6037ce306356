import { describe, expect, it } from 'vitest'

import type { EventInstance } from '../../../payload-types'
import { availabilityOf, offerOf } from './offers'

const performance = (more: Partial<EventInstance>): EventInstance => ({
  id: '00000000-0000-4000-8000-000000000001',
  event: '00000000-0000-4000-8000-000000000002',
  startDate: '2027-03-01T19:30:00.000Z',
  createdAt: '2027-01-01T00:00:00.000Z',
  updatedAt: '2027-01-01T00:00:00.000Z',
  ...more,
})

describe('availabilityOf', () => {
  it('maps the one vocabulary to schema.org', () => {
    expect(availabilityOf(performance({ availability: 'available' }))).toBe(
      'https://schema.org/InStock',
    )
    expect(availabilityOf(performance({ availability: 'limited' }))).toBe(
      'https://schema.org/LimitedAvailability',
    )
    expect(availabilityOf(performance({ availability: 'sold_out' }))).toBe(
      'https://schema.org/SoldOut',
    )
    expect(availabilityOf(performance({ availability: 'not_on_sale' }))).toBe(
      'https://schema.org/PreOrder',
    )
  })

  it('a cancelled flag wins; nothing known is nothing said', () => {
    expect(availabilityOf(performance({ availability: 'available', cancelled: true }))).toBe(
      'https://schema.org/Discontinued',
    )
    expect(availabilityOf(performance({}))).toBeUndefined()
    expect(availabilityOf(performance({ onSale: true }))).toBe('https://schema.org/InStock')
  })
})

describe('offerOf', () => {
  it('carries the booking link, the price with its currency and the sale start in the zone', () => {
    expect(
      offerOf({
        performance: performance({
          bookingUrl: 'https://tickets.example.org/1',
          availability: 'available',
          lineup: {
            pricing: { price: 12.5, currency: 'eur' },
            availability: { saleStart: '2027-01-15T09:00:00.000Z' },
          },
        }),
        timeZone: 'Europe/Amsterdam',
      }),
    ).toEqual({
      '@type': 'Offer',
      url: 'https://tickets.example.org/1',
      price: 12.5,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      validFrom: '2027-01-15T10:00:00.000+01:00',
    })
  })

  it('says nothing without anything known; a price without a currency is left out', () => {
    expect(offerOf({ performance: performance({}), timeZone: 'UTC' })).toBeUndefined()
    expect(
      offerOf({
        performance: performance({
          lineup: { pricing: { price: 10 } },
          bookingUrl: 'https://x.org',
        }),
        timeZone: 'UTC',
      }),
    ).toEqual({ '@type': 'Offer', url: 'https://x.org' })
  })
})
