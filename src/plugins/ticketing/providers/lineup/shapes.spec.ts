import { describe, expect, it } from 'vitest'

import { ProviderError } from '../http'
import { detailJson } from '../../../../../tests/helpers/fakeLineUp'
import { readEvent, readPerformance, readPerformancePage } from './shapes'

describe('readPerformance', () => {
  it('reads the detail from .data, with every variant price', () => {
    const p = readPerformance(detailJson)
    expect(p).toMatchObject({
      id: '21813',
      eventId: '151',
      startDate: '2026-10-17',
      startTime: '19:30:00',
      timeZone: 'Europe/London',
      totalCapacity: 200,
      totalCapacityRemaining: 14,
      prices: [30, 22],
      cancelled: false,
    })
    expect(p.raw).toBe(detailJson.data)
  })

  it('fails on an answer without data, a bad id or a bad date', () => {
    expect(() => readPerformance({ id: 1 })).toThrow(ProviderError)
    expect(() => readPerformance({ data: { ...detailJson.data, id: 'a b' } })).toThrow('"id"')
    expect(() => readPerformance({ data: { ...detailJson.data, startDate: '17/10' } })).toThrow(
      '"startDate" is not a date',
    )
    expect(() =>
      readPerformance({ data: { ...detailJson.data, totalCapacityRemaining: -1 } }),
    ).toThrow('"totalCapacityRemaining" is not a count')
    expect(() => readPerformance({ data: { ...detailJson.data, timeZone: 'Mars/Base' } })).toThrow(
      'is not a zone',
    )
  })

  it('reads a cancelled status', () => {
    expect(readPerformance({ data: { ...detailJson.data, status: 'Cancelled' } }).cancelled).toBe(
      true,
    )
  })
})

describe('readPerformancePage', () => {
  it('wants a list', () => {
    expect(readPerformancePage({ data: [detailJson.data], next_page: null })).toHaveLength(1)
    expect(() => readPerformancePage({ data: {} })).toThrow('not a list')
  })
})

describe('readEvent', () => {
  it('reads the event with its currency, tags and links', () => {
    const event = readEvent({
      data: {
        id: 151,
        name: 'The Seagull',
        shortDescription: "Chekhov's comedy",
        description: '<p>…</p>',
        runTime: 150,
        tags: ['drama', { name: 'family' }],
        organisation: { id: 30, currency: 'GBP' },
        gallery: [{ url: 'https://img.test/a.jpg' }],
        ticketUrl: 'https://tickets.test/151',
        websiteUrl: 'javascript:alert(1)',
      },
    })
    expect(event).toMatchObject({
      id: '151',
      name: 'The Seagull',
      runTime: 150,
      tags: ['drama', 'family'],
      currency: 'GBP',
      imageUrl: 'https://img.test/a.jpg',
      ticketUrl: 'https://tickets.test/151',
      websiteUrl: null,
    })
  })

  it('fails on an event without a name', () => {
    expect(() => readEvent({ data: { id: 1 } })).toThrow('"name" is not text')
  })
})
