import { describe, expect, it } from 'vitest'

import { availabilityOf, keywordField, keywordTerms, mapInstance, providerStatusOf } from './map'
import type { TessituraPerformance } from './shapes'

const now = new Date('2026-10-01T00:00:00Z')
const base: TessituraPerformance = {
  id: '4849',
  seasonId: '4848',
  start: '2026-10-17T23:30:00.000Z',
  duration: 150,
  status: 'On Sale',
  saleIndicator: 'Y',
  publishFrom: null,
  publishTo: null,
}

const of = (change: Partial<TessituraPerformance>, seats?: number) =>
  availabilityOf({ performance: { ...base, ...change }, seats, now })

describe('tessitura vocabulary', () => {
  it('cancelled by the status description', () => {
    expect(of({ status: 'Cancelled' }, 100)).toBe('cancelled')
    expect(of({ status: 'CANCELED - weather' })).toBe('cancelled')
  })
  it('not on sale by the sale indicator or the web publish dates', () => {
    expect(of({ saleIndicator: 'N' }, 100)).toBe('not_on_sale')
    expect(of({ publishFrom: '2026-10-02T00:00:00.000Z' }, 100)).toBe('not_on_sale')
    expect(of({ publishTo: '2026-09-30T00:00:00.000Z' }, 100)).toBe('not_on_sale')
    expect(
      of({ publishFrom: '2026-09-01T00:00:00.000Z', publishTo: '2026-11-01T00:00:00.000Z' }, 100),
    ).toBe('available')
  })
  it('sold out only on a zone sum of 0; limited at 20 or fewer; no zones is never sold out', () => {
    expect(of({}, 0)).toBe('sold_out')
    expect(of({}, 20)).toBe('limited')
    expect(of({}, 21)).toBe('available')
    expect(of({}, undefined)).toBe('available')
  })
  it('keeps the raw words', () => {
    expect(providerStatusOf({ performance: base, seats: 7 })).toBe('On Sale · Y · 7 left')
    expect(providerStatusOf({ performance: { ...base, status: '' }, seats: undefined })).toBe(
      'No status · Y',
    )
  })
  it('keywords: sorted, de-duplicated, joined; terms hold ids and descriptions', () => {
    const words = [
      { id: '2', description: 'Opera' },
      { id: '1', description: 'Family ' },
      { id: '3', description: 'Opera' },
    ]
    expect(keywordField(words)).toBe('Family, Opera')
    expect(keywordTerms(words)).toEqual(['2', 'Opera', '1', 'Family', '3'])
  })
  it('maps a performance with its end, link and fields', () => {
    const instance = mapInstance({
      performance: base,
      seats: 0,
      keywords: [{ id: '7', description: 'Opera' }],
      tnewAddress: 'https://tix.example',
      now,
    })
    expect(instance).toEqual({
      externalId: '4849',
      eventExternalId: '4848',
      start: '2026-10-17T23:30:00.000Z',
      end: '2026-10-18T02:00:00.000Z',
      cancelled: false,
      onSale: true,
      availability: 'sold_out',
      ticketingUrl: 'https://tix.example/4848/4849',
      providerStatus: 'On Sale · Y · 0 left',
      fields: { 'tessitura.availability': 'On Sale · Y · 0 left', 'tessitura.keywords': 'Opera' },
      keywords: ['7', 'Opera'],
    })
    const cancelled = mapInstance({
      performance: { ...base, status: 'Cancelled', duration: null },
      seats: undefined,
      keywords: [],
      tnewAddress: undefined,
      now,
    })
    expect(cancelled).toMatchObject({
      end: null,
      cancelled: true,
      onSale: false,
      ticketingUrl: null,
    })
  })
})
