import { describe, expect, it } from 'vitest'

import type { Connection } from '../../types'
import { ProviderError } from '../http'
import { apiUrl, lineupHeaders } from './address'

const lineupConnection = (over: Partial<Connection> = {}): Connection => ({
  id: 'c',
  tenantId: 't',
  provider: 'lineup',
  settings: {},
  credentials: { apiKey: 'k-123' },
  daysAhead: 30,
  importNewEvents: false,
  syncToPublished: true,
  removalLimitPercent: 50,
  availabilityDaysAhead: 14,
  ...over,
})

describe('apiUrl', () => {
  it("defaults to Line-Up's API", () => {
    expect(apiUrl({ connection: lineupConnection(), path: 'event/151/' }).toString()).toBe(
      'https://api.line-up.tickets/api/event/151/',
    )
  })

  it('takes the base URL of the connection, with the query', () => {
    const url = apiUrl({
      connection: lineupConnection({ settings: { baseUrl: 'http://127.0.0.1:9/api/' } }),
      path: 'performance/',
      query: { event_id: '151', page: '2' },
    })
    expect(url.toString()).toBe('http://127.0.0.1:9/api/performance/?event_id=151&page=2')
  })
})

describe('lineupHeaders', () => {
  it('sends the key as a Bearer token, and the channel when there is one', () => {
    expect(lineupHeaders(lineupConnection())).toEqual({ authorization: 'Bearer k-123' })
    expect(lineupHeaders(lineupConnection({ settings: { channelId: '7' } }))).toEqual({
      authorization: 'Bearer k-123',
      'x-channel': '7',
    })
  })

  it('fails without a key', () => {
    expect(() => lineupHeaders(lineupConnection({ credentials: {} }))).toThrow(ProviderError)
    expect(() => lineupHeaders(lineupConnection({ credentials: { apiKey: ' ' } }))).toThrow(
      'Line-Up needs an API key.',
    )
  })
})
