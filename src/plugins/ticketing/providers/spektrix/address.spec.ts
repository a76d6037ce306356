import { createHmac } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { dateBatches } from '.'
import { apiUrl, signedHeaders } from './address'

describe('apiUrl', () => {
  it("defaults to Spektrix's public host", () => {
    const url = apiUrl({
      connection: {
        id: 'c',
        tenantId: 't',
        provider: 'spektrix',
        settings: { clientName: 'harbour' },
        credentials: {},
        daysAhead: 30,
        importNewEvents: false,
        syncToPublished: true,
        removalLimitPercent: 50,
        availabilityDaysAhead: 14,
      },
      path: 'events',
      query: { instanceStart_from: '2026-09-01' },
    })
    expect(url.toString()).toBe(
      'https://system.spektrix.com/harbour/api/v3/events?instanceStart_from=2026-09-01',
    )
  })
})

describe('signedHeaders', () => {
  it('signs GET, the full URL and the date with the decoded key', () => {
    const url = new URL('https://system.spektrix.com/harbour/api/v3/events')
    const date = new Date('2026-09-01T10:00:00Z')
    const key = Buffer.from('secret').toString('base64')
    const headers = signedHeaders({ url, apiUser: 'sync', apiKey: key, date })
    const expected = createHmac('sha1', 'secret')
      .update(`GET\n${url.toString()}\nTue, 01 Sep 2026 10:00:00 GMT`)
      .digest('base64')
    expect(headers).toEqual({
      date: 'Tue, 01 Sep 2026 10:00:00 GMT',
      authorization: `SpektrixAPI3 sync:${expected}`,
    })
  })
})

describe('dateBatches', () => {
  it('cuts the window into batches of 31 days that meet', () => {
    expect(
      dateBatches({ from: new Date('2026-01-01T08:00:00Z'), to: new Date('2026-03-05T12:00:00Z') }),
    ).toEqual([
      { from: '2026-01-01', to: '2026-01-31' },
      { from: '2026-02-01', to: '2026-03-03' },
      { from: '2026-03-04', to: '2026-03-05' },
    ])
  })
})
