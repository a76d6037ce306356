import { describe, expect, it } from 'vitest'

import { detailJson } from '../../../../../tests/helpers/fakeLineUp'
import { fillTemplate, mapEvent, mapInstance, syncDataCap, syncDataOf, zonedInstant } from './map'
import { readEvent, readPerformance, type LineUpPerformance } from './shapes'

const event = readEvent({
  data: {
    id: 151,
    name: 'The Seagull',
    shortDescription: '',
    description: '<p>Chekhov&amp;co</p>',
    runTime: 150,
    tags: ['drama', 'comedy'],
    organisation: { currency: 'GBP' },
    type: 'Theatre',
  },
})
const now = new Date('2026-09-01T00:00:00Z')
const perf = (over: Record<string, unknown> = {}): LineUpPerformance =>
  readPerformance({ data: { ...detailJson.data, ...over } })

describe('zonedInstant', () => {
  it("converts Line-Up's wall time in its zone to an instant, summer and winter", () => {
    expect(zonedInstant({ date: '2026-10-17', time: '19:30:00', timeZone: 'Europe/London' })).toBe(
      '2026-10-17T18:30:00.000Z',
    )
    expect(zonedInstant({ date: '2026-12-17', time: '19:30', timeZone: 'Europe/London' })).toBe(
      '2026-12-17T19:30:00.000Z',
    )
    expect(zonedInstant({ date: '2026-03-29', time: '03:30', timeZone: 'Europe/Oslo' })).toBe(
      '2026-03-29T01:30:00.000Z',
    )
  })
})

describe('mapInstance', () => {
  it('fills every lineup path: pricing min + currency, quantities, status, raw data', () => {
    const i = mapInstance({ performance: perf(), event, now })
    expect(i).toMatchObject({
      externalId: '21813',
      eventExternalId: '151',
      start: '2026-10-17T18:30:00.000Z',
      end: '2026-10-17T21:00:00.000Z',
      cancelled: false,
      onSale: true,
      availability: 'limited',
      ticketingUrl: null,
      providerStatus: 'status: none · 14 of 200 remaining',
    })
    expect(i.fields).toEqual({
      'lineup.ticketName': 'The Seagull',
      'lineup.ticketDescription': null,
      'lineup.pricing.price': 22,
      'lineup.pricing.currency': 'GBP',
      'lineup.availability.quantityAvailable': 14,
      'lineup.availability.quantitySold': 186,
      'lineup.availability.saleStart': null,
      'lineup.availability.saleEnd': null,
      'lineup.ticketStatus': 'on_sale',
      'lineup.ticketType': null,
      'lineup.syncData': JSON.stringify(detailJson.data),
    })
  })

  it('maps the vocabulary', () => {
    const of = (over: Record<string, unknown>) =>
      mapInstance({ performance: perf(over), event, now })
    expect(of({ totalCapacityRemaining: 150 }).availability).toBe('available')
    expect(of({ totalCapacityRemaining: 0 })).toMatchObject({
      availability: 'sold_out',
      fields: expect.objectContaining({ 'lineup.ticketStatus': 'sold_out' }),
    })
    expect(of({ onSaleDate: '2026-09-10T09:00:00Z' })).toMatchObject({
      availability: 'not_on_sale',
      onSale: false,
      fields: expect.objectContaining({ 'lineup.ticketStatus': 'not_yet_on_sale' }),
    })
    expect(of({ offSaleDate: '2026-08-10T09:00:00Z' }).availability).toBe('not_on_sale')
    expect(of({ cancelled: true })).toMatchObject({
      availability: 'cancelled',
      cancelled: true,
      onSale: false,
    })
    expect(of({ status: 'on_sale' }).fields?.['lineup.ticketStatus']).toBe('on_sale')
  })

  it('builds the booking link from the template, else Line-Up’s own link', () => {
    const template = 'https://book.test/e/{eventId}/p/{performanceId}'
    expect(
      mapInstance({ performance: perf(), event, now, bookingLinkTemplate: template }).ticketingUrl,
    ).toBe('https://book.test/e/151/p/21813')
    expect(
      mapInstance({ performance: perf({ ticketUrl: 'https://lineup.test/p/1' }), event, now })
        .ticketingUrl,
    ).toBe('https://lineup.test/p/1')
    expect(
      mapInstance({
        performance: perf(),
        event: { ...event, ticketUrl: 'https://lineup.test/e/151' },
        now,
      }).ticketingUrl,
    ).toBe('https://lineup.test/e/151')
  })

  it('takes the end from endTime when given', () => {
    expect(mapInstance({ performance: perf({ endTime: '22:00' }), event, now }).end).toBe(
      '2026-10-17T21:00:00.000Z',
    )
  })
})

describe('syncDataOf', () => {
  it('keeps the raw JSON up to 16 KB, and a valid short form past it', () => {
    const big = {
      id: 1,
      name: 'x'.repeat(2000),
      pricing: Array.from({ length: 500 }, (_, n) => ({ n, text: 'band '.repeat(10) })),
    }
    const data = syncDataOf(big)
    expect(Buffer.byteLength(data)).toBeLessThanOrEqual(syncDataCap)
    expect(JSON.parse(data)).toEqual({ truncated: true, id: 1, name: 'x'.repeat(500) })
    expect(syncDataOf({ id: 1 })).toBe('{"id":1}')
  })
})

describe('mapEvent', () => {
  it('fills the event fields and seeds', () => {
    expect(mapEvent({ event, bookingLinkTemplate: 'https://book.test/e/{eventId}' })).toEqual({
      externalId: '151',
      title: 'The Seagull',
      description: 'Chekhov&co',
      durationMinutes: 150,
      image: null,
      fields: {
        'lineup.eventName': 'The Seagull',
        'lineup.ticketUrl': 'https://book.test/e/151',
        'lineup.websiteUrl': null,
        'lineup.tags': 'drama, comedy',
        'lineup.eventType': 'Theatre',
      },
    })
  })
})

describe('fillTemplate', () => {
  it('encodes values, wants https, and null when a value is missing', () => {
    expect(fillTemplate({ template: 'https://x.test/{eventId}', values: { eventId: 'a/b' } })).toBe(
      'https://x.test/a%2Fb',
    )
    expect(
      fillTemplate({ template: 'http://x.test/{eventId}', values: { eventId: '1' } }),
    ).toBeNull()
    expect(fillTemplate({ template: 'https://x.test/{performanceId}', values: {} })).toBeNull()
    expect(fillTemplate({ template: undefined, values: {} })).toBeNull()
  })
})
