import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { makeGetJson, ProviderError, type GetJson } from '@/plugins/ticketing/providers/http'
import { tessitura } from '@/plugins/ticketing/providers/tessitura'
import { missingCredentials } from '@/plugins/ticketing/providers/tessitura/address'
import type { Connection } from '@/plugins/ticketing/types'

import {
  makeTessituraCatalogue,
  startFakeTessitura,
  type FakeTessitura,
} from '../helpers/fakeTessitura'

/**
 * The Tessitura module at the provider boundary: `read` and `readAvailability` against the
 * stand-in over real HTTP, through the run's own `makeGetJson`.
 */
const day = 86_400_000
const window = { from: new Date(Date.now() - 60_000), to: new Date(Date.now() + 70 * day) }

let fake: FakeTessitura
let http: { getJson: GetJson; close: () => void }

const connection = (change: Partial<Connection> = {}): Connection => ({
  id: 'c1',
  tenantId: 't1',
  provider: 'tessitura',
  settings: { baseUrl: fake.baseUrl, tnewAddress: 'https://tickets.example.org/events/' },
  credentials: { ...fake.credentials },
  daysAhead: 70,
  importNewEvents: false,
  syncToPublished: false,
  removalLimitPercent: 50,
  availabilityDaysAhead: 14,
  ...change,
})

const getJsonFor = (deadlineMs = 60_000) =>
  makeGetJson({
    owner: 't1',
    deadline: Date.now() + deadlineMs,
    timeoutMs: 5_000,
    maxBytes: 5_000_000,
    allowedHosts: [fake.host],
    label: 'Tessitura',
  })

const everyone = () => true

beforeAll(async () => {
  fake = await startFakeTessitura()
})
afterAll(async () => {
  http?.close()
  await fake.close()
})
beforeEach(() => {
  http?.close()
  http = getJsonFor()
  // Two seasons of three performances (weekly), and one season no event links.
  const catalogue = makeTessituraCatalogue({
    seasons: 3,
    perSeason: 3,
    from: new Date(Date.now() + day),
  })
  catalogue.performances = catalogue.performances.map((p, n) => ({
    ...p,
    PerformanceDate: new Date(Date.now() + (1 + (n % 3) * 20) * day + n * 60_000).toISOString(),
  }))
  fake.catalogue.seasons = catalogue.seasons
  fake.catalogue.performances = catalogue.performances
  fake.catalogue.zones = catalogue.zones
  fake.catalogue.keywords = new Map([
    [100_000, [{ Id: 7, Description: 'Opera' }]],
    [
      100_001,
      [
        { Id: 8, Description: 'Family' },
        { Id: 7, Description: 'Opera' },
      ],
    ],
  ])
  fake.requests.length = 0
  for (const path of ['Search', 'Zones', 'ProductionSeasons', 'ProductKeywords'])
    fake.fail(path, undefined)
})

describe('tessitura.read against a Tessitura over HTTP', () => {
  it('reads one event over two seasons, with the exact Basic header, batches and the TNEW link', async () => {
    const { events, instances } = await tessitura.read({
      connection: connection(),
      window,
      getJson: http.getJson,
      wanted: everyone,
      linkedEventIds: ['5000', '5001'],
      maxRecords: 1000,
    })
    expect(events.map((e) => [e.externalId, e.title, e.description, e.image])).toEqual([
      ['5000', 'Season 1', '', null],
      ['5001', 'Season 2', '', null],
    ])
    expect(instances).toHaveLength(6)
    const first = instances.find((i) => i.externalId === '100000')!
    expect(first).toMatchObject({
      eventExternalId: '5000',
      availability: 'available',
      ticketingUrl: 'https://tickets.example.org/events/5000/100000',
      providerStatus: 'On Sale · Y · 100 left',
      fields: { 'tessitura.keywords': 'Opera', 'tessitura.availability': 'On Sale · Y · 100 left' },
    })
    expect(instances.find((i) => i.externalId === '100001')?.fields?.['tessitura.keywords']).toBe(
      'Family, Opera',
    )
    const searches = fake.requests.filter((r) => r.path === 'Performances/Search')
    // 70 days in 31-day batches: three Search posts, each for the linked seasons only.
    expect(searches).toHaveLength(3)
    for (const search of searches) {
      expect(search.method).toBe('POST')
      expect(search.body).toMatchObject({ ProductionSeasonIds: '5000,5001' })
    }
    expect(fake.requests.every((r) => r.path !== '')).toBe(true)
  })

  it('reads the whole window when the connection imports new events', async () => {
    const { events } = await tessitura.read({
      connection: connection({ importNewEvents: true }),
      window,
      getJson: http.getJson,
      wanted: everyone,
      linkedEventIds: [],
      maxRecords: 1000,
    })
    expect(events.map((e) => e.externalId)).toEqual(['5000', '5001', '5002'])
    const searches = fake.requests.filter((r) => r.path === 'Performances/Search')
    expect(searches.every((r) => !('ProductionSeasonIds' in (r.body as object)))).toBe(true)
  })

  it('keeps only the selected performances, then filters by keywords', async () => {
    const selected = new Set(['100000', '100001', '100002'])
    const { instances } = await tessitura.read({
      connection: connection(),
      window,
      getJson: http.getJson,
      wanted: ({ externalId, keywords }) =>
        selected.has(externalId) &&
        (keywords === undefined || keywords.some((k) => k.toLowerCase() === 'family')),
      linkedEventIds: ['5000'],
      maxRecords: 1000,
    })
    expect(instances.map((i) => i.externalId)).toEqual(['100001'])
    expect(instances[0]?.keywords).toEqual(['8', 'Family', '7', 'Opera'])
    // Zones asked only for the one kept after the keyword filter.
    expect(
      fake.requests
        .filter((r) => r.path === 'Performances/Zones')
        .map((r) => r.query.get('performanceIds')),
    ).toEqual(['100001'])
  })

  it('says sold out only when the zones sum to 0; cancelled and off sale from the flags', async () => {
    fake.sellOut(100_000)
    fake.cancel(100_001)
    fake.change(100_002, { AvailSaleIndicator: 'N' })
    fake.catalogue.zones.delete(101_000)
    fake.catalogue.zones.set(101_001, [5, 10])
    const { instances } = await tessitura.read({
      connection: connection(),
      window,
      getJson: http.getJson,
      wanted: everyone,
      linkedEventIds: ['5000', '5001'],
      maxRecords: 1000,
    })
    const of = (id: string) => instances.find((i) => i.externalId === id)?.availability
    expect(of('100000')).toBe('sold_out')
    expect(of('100001')).toBe('cancelled')
    expect(of('100002')).toBe('not_on_sale')
    expect(of('101000')).toBe('available') // no zone rows: never sold out
    expect(of('101001')).toBe('limited')
    const zones = fake.requests.filter((r) => r.path === 'Performances/Zones')
    expect(zones.flatMap((r) => r.query.get('performanceIds')!.split(',')).sort()).toEqual([
      '100000',
      '101000',
      '101001',
      '101002',
    ])
  })

  it('fails the read when the zones fail or answer malformed, never saying sold out', async () => {
    fake.fail('Zones', 'malformed')
    await expect(
      tessitura.read({
        connection: connection(),
        window,
        getJson: http.getJson,
        wanted: everyone,
        linkedEventIds: ['5000'],
        maxRecords: 1000,
      }),
    ).rejects.toThrow('Tessitura answered the zones in a shape the sync does not know: not a list.')
    fake.fail('Zones', 500)
    const short = getJsonFor(1_500)
    try {
      await expect(
        tessitura.read({
          connection: connection(),
          window,
          getJson: short.getJson,
          wanted: everyone,
          linkedEventIds: ['5000'],
          maxRecords: 1000,
        }),
      ).rejects.toThrow(ProviderError)
    } finally {
      short.close()
    }
  })

  it('fails before any call when a credential is missing, and the server refuses a wrong one', async () => {
    await expect(
      tessitura.read({
        connection: connection({ credentials: { ...fake.credentials, machineLocation: '' } }),
        window,
        getJson: http.getJson,
        wanted: everyone,
        linkedEventIds: ['5000'],
        maxRecords: 1000,
      }),
    ).rejects.toThrow(missingCredentials)
    expect(fake.requests).toHaveLength(0)
    await expect(
      tessitura.read({
        connection: connection({ credentials: { ...fake.credentials, password: 'wrong' } }),
        window,
        getJson: http.getJson,
        wanted: everyone,
        linkedEventIds: ['5000'],
        maxRecords: 1000,
      }),
    ).rejects.toThrow('Tessitura answered 401')
  })

  it('asks at most 100 ids a call and stops past maxRecords', async () => {
    const big = makeTessituraCatalogue({
      seasons: 150,
      perSeason: 2,
      from: new Date(Date.now() + day),
    })
    Object.assign(fake.catalogue, {
      seasons: big.seasons,
      performances: big.performances,
      zones: big.zones,
    })
    const linked = big.seasons.map((s) => String(s.Id))
    const { events, instances } = await tessitura.read({
      connection: connection(),
      window,
      getJson: http.getJson,
      wanted: everyone,
      linkedEventIds: linked,
      maxRecords: 1000,
    })
    expect(events).toHaveLength(150)
    expect(instances).toHaveLength(300)
    const idsPer = (path: string, name: string) =>
      fake.requests.filter((r) => r.path === path).map((r) => r.query.get(name)!.split(',').length)
    expect(idsPer('ProductionSeasons', 'ids')).toEqual([100, 50])
    expect(idsPer('ProductKeywords', 'productionElementIds')).toEqual([100, 100, 100])
    expect(idsPer('Performances/Zones', 'performanceIds')).toEqual([100, 100, 100])
    for (const search of fake.requests.filter((r) => r.path === 'Performances/Search'))
      expect(
        String((search.body as Record<string, unknown>).ProductionSeasonIds).split(',').length,
      ).toBeLessThanOrEqual(100)
    await expect(
      tessitura.read({
        connection: connection(),
        window,
        getJson: http.getJson,
        wanted: everyone,
        linkedEventIds: linked,
        maxRecords: 250,
      }),
    ).rejects.toThrow('Tessitura lists more than 250 performances')
  })
})

describe('tessitura.readAvailability', () => {
  it('answers only the asked performances, from Search flags and chunked zones', async () => {
    fake.sellOut(100_000)
    fake.cancel(101_001)
    const live = await tessitura.readAvailability!({
      connection: connection(),
      getJson: http.getJson,
      window,
      instances: [
        { externalId: '100000', eventExternalId: '5000', start: '' },
        { externalId: '101001', eventExternalId: '5001', start: '' },
        { externalId: '100001', eventExternalId: '5000', start: '' },
      ],
    })
    expect(live.map((l) => [l.externalId, l.availability]).sort()).toEqual([
      ['100000', 'sold_out'],
      ['100001', 'available'],
      ['101001', 'cancelled'],
    ])
    expect(live.find((l) => l.externalId === '100000')?.fields).toEqual({
      'tessitura.availability': 'On Sale · Y · 0 left',
    })
    const searches = fake.requests.filter((r) => r.path === 'Performances/Search')
    expect(
      searches.every(
        (r) => (r.body as Record<string, unknown>).ProductionSeasonIds === '5000,5001',
      ),
    ).toBe(true)
    expect(
      fake.requests
        .filter((r) => r.path === 'Performances/Zones')
        .map((r) => r.query.get('performanceIds')),
    ).toEqual(['100000,100001'])
    expect(
      fake.requests.some((r) => r.path === 'ProductionSeasons' || r.path === 'ProductKeywords'),
    ).toBe(false)
  })
})
