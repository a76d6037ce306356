import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import {
  lineUpEventJson,
  lineUpPerformanceJson,
  startFakeLineUp,
  type FakeLineUp,
} from '../../../../../tests/helpers/fakeLineUp'
import type { Connection } from '../../types'
import { makeGetJson } from '../http'
import { lineup } from '.'
import { syncDataCap } from './map'

// Line-Up's read over real HTTP: the loopback stand-in, the real `makeGetJson` (allowed hosts
// naming the stand-in), the module as the engine calls it.

const apiKey = 'lu-secret-1'
const window = { from: new Date('2026-10-01T00:00:00Z'), to: new Date('2026-12-31T23:59:59Z') }
let fake: FakeLineUp

const performances = () => [
  ...[1, 2, 3, 4, 5].map((n) =>
    lineUpPerformanceJson({ id: 1000 + n, eventId: 151, startDate: `2026-10-1${n}` }),
  ),
  lineUpPerformanceJson({
    id: 2001,
    eventId: 152,
    startDate: '2026-11-02',
    capacity: 200,
    remaining: 14,
    prices: [30, 12.5, 18],
  }),
  // Before the window: the list's start_date leaves it out.
  lineUpPerformanceJson({ id: 2002, eventId: 152, startDate: '2026-09-02' }),
]

const connection = (over: Partial<Connection> = {}): Connection => ({
  id: 'c',
  tenantId: 't',
  provider: 'lineup',
  settings: { baseUrl: fake.baseUrl, channelId: '7' },
  credentials: { apiKey },
  daysAhead: 90,
  importNewEvents: false,
  syncToPublished: true,
  removalLimitPercent: 50,
  availabilityDaysAhead: 14,
  ...over,
})

const read = async ({
  over = {},
  linkedEventIds = ['151', '152'],
  wanted = () => true,
}: {
  over?: Partial<Connection>
  linkedEventIds?: string[]
  wanted?: (i: { externalId: string }) => boolean
} = {}) => {
  const http = makeGetJson({
    owner: 't',
    deadline: Date.now() + 60_000,
    timeoutMs: 5_000,
    maxBytes: 1_000_000,
    allowedHosts: [fake.host],
    label: 'Line-Up',
  })
  try {
    return await lineup.read({
      connection: connection(over),
      window,
      getJson: http.getJson,
      wanted,
      linkedEventIds,
      maxRecords: 1_000,
    })
  } finally {
    http.close()
  }
}

beforeAll(async () => {
  fake = await startFakeLineUp({
    apiKey,
    events: [
      lineUpEventJson({ id: 151, name: 'The Seagull' }),
      lineUpEventJson({ id: 152, name: 'Uncle Vanya', currency: 'EUR', tags: ['drama', 'new'] }),
      lineUpEventJson({ id: 153, name: 'Three Sisters' }),
    ],
    performances: performances(),
  })
})
afterEach(() => {
  fake.reset()
  fake.state.performances = performances()
})
afterAll(() => fake.close())

describe('Line-Up read over HTTP', () => {
  it('reads each linked event, its performances page by page, and each detail', async () => {
    const catalogue = await read()
    expect(catalogue.events.map((e) => e.externalId)).toEqual(['151', '152'])
    expect(catalogue.instances.map((i) => i.externalId).sort()).toEqual([
      '1001',
      '1002',
      '1003',
      '1004',
      '1005',
      '2001',
    ])
    const paths = fake.requests()
    expect(paths.filter((p) => p.startsWith('/api/performance/?event_id=151'))).toEqual([
      '/api/performance/?event_id=151&start_date=2026-10-01&page=1',
      '/api/performance/?event_id=151&start_date=2026-10-01&page=2',
      '/api/performance/?event_id=151&start_date=2026-10-01&page=3',
    ])
    expect(paths).toContain('/api/event/151/')
    expect(paths).not.toContain('/api/event/')
    expect(paths.filter((p) => /^\/api\/performance\/\d+\/$/.test(p))).toHaveLength(6)
  })

  it('follows next_page given as an address, and links.next', async () => {
    fake.state.knobs.nextAs = 'url'
    expect((await read({ linkedEventIds: ['151'] })).instances).toHaveLength(5)
    fake.state.knobs.nextAs = 'links'
    expect((await read({ linkedEventIds: ['151'] })).instances).toHaveLength(5)
  })

  it('reads the lowest price and its currency, the quantities and the raw data', async () => {
    const { instances, events } = await read()
    const vanya = instances.find((i) => i.externalId === '2001')!
    expect(vanya).toMatchObject({
      eventExternalId: '152',
      availability: 'limited',
      start: '2026-11-02T19:30:00.000Z',
      end: '2026-11-02T21:30:00.000Z',
      ticketingUrl: null,
    })
    expect(vanya.fields).toMatchObject({
      'lineup.pricing.price': 12.5,
      'lineup.pricing.currency': 'EUR',
      'lineup.availability.quantityAvailable': 14,
      'lineup.availability.quantitySold': 186,
      'lineup.ticketName': 'Uncle Vanya',
    })
    expect(JSON.parse(vanya.fields!['lineup.syncData'] as string)).toMatchObject({
      id: 2001,
      pricing: expect.any(Array),
    })
    expect(events.find((e) => e.externalId === '152')?.fields).toMatchObject({
      'lineup.eventName': 'Uncle Vanya',
      'lineup.tags': 'drama, new',
    })
  })

  it('caps syncData at 16 KB', async () => {
    fake.change(1001, { notes: 'n'.repeat(40_000) })
    const { instances } = await read({ linkedEventIds: ['151'] })
    const data = instances.find((i) => i.externalId === '1001')!.fields![
      'lineup.syncData'
    ] as string
    expect(Buffer.byteLength(data)).toBeLessThanOrEqual(syncDataCap)
    expect(JSON.parse(data)).toMatchObject({ truncated: true, id: 1001 })
  })

  it('sends the Bearer key and the channel on every call', async () => {
    await read()
    const calls = fake.seen()
    expect(calls.length).toBeGreaterThan(0)
    for (const call of calls) {
      expect(call.authorization).toBe(`Bearer ${apiKey}`)
      expect(call.channel).toBe('7')
    }
    expect(fake.state.refused).toBe(0)
  })

  it('fails on a wrong key, as Line-Up refuses it', async () => {
    await expect(read({ over: { credentials: { apiKey: 'wrong' } } })).rejects.toThrow()
    expect(fake.state.refused).toBeGreaterThan(0)
  })

  it('fails without a key before any call', async () => {
    await expect(read({ over: { credentials: {} } })).rejects.toThrow('Line-Up needs an API key.')
    expect(fake.requests()).toEqual([])
  })

  it('fails on a page given twice', async () => {
    fake.state.knobs.repeatPage = true
    await expect(read({ linkedEventIds: ['151'] })).rejects.toThrow('a page it had given before')
  })

  it('fails on a malformed list', async () => {
    fake.state.knobs.malformed = true
    await expect(read({ linkedEventIds: ['151'] })).rejects.toThrow()
  })

  it('retries a 503', async () => {
    fake.state.knobs.unavailable = { calls: 1, retryAfter: '0' }
    expect((await read({ linkedEventIds: ['152'] })).instances).toHaveLength(1)
  })

  it('reads the event list and one performance list when importing new events', async () => {
    const { events, instances } = await read({
      over: { importNewEvents: true },
      linkedEventIds: ['151'],
    })
    // 153 has no performance in the window: no event of the run's.
    expect(events.map((e) => e.externalId)).toEqual(['151', '152'])
    expect(instances).toHaveLength(6)
    expect(fake.requests()).toContain('/api/event/?page=1')
    expect(fake.requests()).toContain('/api/event/?page=2')
    expect(fake.requests()).toContain('/api/performance/?start_date=2026-10-01&page=1')
    expect(fake.requests().some((p) => p.includes('event_id='))).toBe(false)
    expect(fake.requests()).not.toContain('/api/event/151/')
  })

  it('answers what the box office changed: removed, cancelled, sold out, moved', async () => {
    fake.remove(1002)
    fake.cancel(1003)
    fake.sellOut(1004)
    fake.change(1005, { startTime: '14:00:00' })
    const { instances } = await read({ linkedEventIds: ['151'] })
    const by = new Map(instances.map((i) => [i.externalId, i]))
    expect([...by.keys()].sort()).toEqual(['1001', '1003', '1004', '1005'])
    expect(by.get('1003')).toMatchObject({ cancelled: true, availability: 'cancelled' })
    expect(by.get('1004')).toMatchObject({ availability: 'sold_out', onSale: true })
    expect(by.get('1005')?.start).toBe('2026-10-15T13:00:00.000Z')
  })

  it('asks details only for wanted performances', async () => {
    await read({ wanted: (i) => i.externalId === '1002' })
    expect(fake.requests().filter((p) => /^\/api\/performance\/\d+\/$/.test(p))).toEqual([
      '/api/performance/1002/',
    ])
  })

  it('leaves out a performance gone from Line-Up in an availability read, fails when all are', async () => {
    const http = makeGetJson({
      owner: 't',
      deadline: Date.now() + 60_000,
      timeoutMs: 5_000,
      maxBytes: 1_000_000,
      allowedHosts: [fake.host],
      label: 'Line-Up',
    })
    const ask = (ids: string[]) =>
      lineup.readAvailability!({
        connection: connection(),
        getJson: http.getJson,
        window,
        instances: ids.map((externalId) => ({
          externalId,
          eventExternalId: '151',
          start: '2026-10-13T18:30:00.000Z',
        })),
      })
    try {
      fake.remove(1002)
      expect((await ask(['1001', '1002'])).map((l) => l.externalId)).toEqual(['1001'])
      await expect(ask(['1002'])).rejects.toThrow('No asked performance was found')
    } finally {
      http.close()
    }
  })

  it('reads availability of the asked performances only', async () => {
    fake.sellOut(1003)
    fake.cancel(1004)
    const http = makeGetJson({
      owner: 't',
      deadline: Date.now() + 60_000,
      timeoutMs: 5_000,
      maxBytes: 1_000_000,
      allowedHosts: [fake.host],
      label: 'Line-Up',
    })
    try {
      const live = await lineup.readAvailability!({
        connection: connection(),
        getJson: http.getJson,
        window,
        instances: ['1003', '1004', '2001'].map((externalId) => ({
          externalId,
          eventExternalId: '151',
          start: '2026-10-13T18:30:00.000Z',
        })),
      })
      expect(Object.fromEntries(live.map((l) => [l.externalId, l.availability]))).toEqual({
        '1003': 'sold_out',
        '1004': 'cancelled',
        '2001': 'limited',
      })
      expect(live.find((l) => l.externalId === '1003')?.fields).toMatchObject({
        'lineup.availability.quantityAvailable': 0,
        'lineup.availability.quantitySold': 200,
        'lineup.ticketStatus': 'sold_out',
      })
      expect(fake.requests().sort()).toEqual([
        '/api/performance/1003/',
        '/api/performance/1004/',
        '/api/performance/2001/',
      ])
    } finally {
      http.close()
    }
  })
})
