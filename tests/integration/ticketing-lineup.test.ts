import { randomUUID } from 'node:crypto'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { EventInstance, Tenant } from '../../src/payload-types'
import { optionDefaults, type TicketingOptions } from '../../src/plugins/ticketing/defaults'
import { executeSync } from '../../src/plugins/ticketing/engine/executeSync'
import type { Connection, RunOutcome } from '../../src/plugins/ticketing/types'
import { startApp, type RunningApp } from '../helpers/app'
import {
  lineUpEventJson,
  lineUpPerformanceJson,
  pageSize,
  startFakeLineUp,
  type FakeLineUp,
  type LineUpPerformanceJson,
} from '../helpers/fakeLineUp'
import { createKey, partner } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'
import { describeProviderSync } from '../helpers/providerSyncCases'

/**
 * Line-Up through the real engine, in-process against the test database: the shared sync cases,
 * then what only Line-Up has (the event's group, pricing, counts, sale dates, status, paging,
 * its headers), and a partner's write of a box-office value over real HTTP.
 */

/** A wall-clock date and time on UTC, as the stand-in's performances give them. */
const wall = (start: Date) => ({
  startDate: start.toISOString().slice(0, 10),
  startTime: start.toISOString().slice(11, 19),
  timeZone: 'UTC',
})

let nextId = 7000
const performanceOf = (fake: FakeLineUp, id: string): LineUpPerformanceJson =>
  fake.state.performances.find((p) => String(p.id) === id)!

describeProviderSync<FakeLineUp>({
  provider: 'lineup',
  startFake: () => startFakeLineUp({ apiKey: 'cases-key' }),
  // The shared cases name the stand-in by its origin; Line-Up's API sits under `/api`.
  connection: ({ fake, baseUrl }) => ({
    settings: { baseUrl: baseUrl === fake.origin ? fake.baseUrl : baseUrl },
    credentials: { apiKey: 'cases-key' },
  }),
  addEvent: ({ fake, title, starts }) => {
    const eventId = nextId++
    fake.state.events.push(lineUpEventJson({ id: eventId, name: title }))
    const instanceIds = starts.map((start) => {
      const id = nextId++
      fake.state.performances.push(lineUpPerformanceJson({ id, eventId, ...wall(start) }))
      return String(id)
    })
    return { eventId: String(eventId), instanceIds }
  },
  cancel: ({ fake, id }) => fake.cancel(Number(id)),
  remove: ({ fake, id }) => fake.remove(Number(id)),
  move: ({ fake, id, start }) => fake.change(Number(id), wall(start)),
  sellOut: ({ fake, id }) => fake.sellOut(Number(id)),
  expectedFields: ({ fake, id }) => ({
    'lineup.ticketId': id,
    'lineup.eventId': String(performanceOf(fake, id).eventId),
  }),
})

describe('Line-Up: what only it has', () => {
  const apiKey = 'lu-north-key'
  const slug = `tl-north-${randomUUID().slice(0, 6)}`
  const day = 86_400_000
  const now = Date.now()
  const at = (days: number): Date => {
    const d = new Date(now + days * day)
    d.setUTCHours(19, 30, 0, 0)
    return d
  }
  const saleStart = new Date(now - 30 * day).toISOString()
  const saleEnd = new Date(now + 40 * day).toISOString()
  /** More performances than two pages hold. */
  const ids = [8101, 8102, 8103, 8104, 8105]

  let payload: Payload
  let tenant: Tenant
  let fake: FakeLineUp
  let app: RunningApp
  let writeKey: string

  const setOptions = (changes: Partial<TicketingOptions>): void => {
    Object.assign(payload.config.custom.ticketing as TicketingOptions, changes)
  }
  const sync = (): Promise<RunOutcome> =>
    executeSync({
      payload,
      run: {
        runId: randomUUID(),
        connection: {
          id: `c-lineup-${tenant.id}`,
          tenantId: tenant.id,
          provider: 'lineup',
          settings: { baseUrl: fake.baseUrl, channelId: '7' },
          credentials: { apiKey },
          daysAhead: 60,
          importNewEvents: true,
          syncToPublished: true,
          removalLimitPercent: 50,
          availabilityDaysAhead: 14,
        } satisfies Connection,
        dryRun: false,
        confirmRemovals: false,
        deadline: Date.now() + 30_000,
        heartbeat: async () => undefined,
      },
    })
  const instanceBy = async (ticketId: number): Promise<EventInstance> => {
    const found = await payload.find({
      collection: 'event-instances',
      where: {
        and: [
          { 'lineup.ticketId': { equals: String(ticketId) } },
          { tenant: { equals: tenant.id } },
        ],
      },
      overrideAccess: true,
      depth: 0,
    })
    expect(found.docs).toHaveLength(1)
    return found.docs[0]!
  }
  const eventDoc = async () => {
    const found = await payload.find({
      collection: 'events',
      where: { and: [{ 'lineup.eventId': { equals: '501' } }, { tenant: { equals: tenant.id } }] },
      overrideAccess: true,
      draft: true,
      depth: 0,
    })
    expect(found.docs).toHaveLength(1)
    return found.docs[0]!
  }
  const editor = () => partner({ origin: app.origin, tenant: slug, key: writeKey })

  beforeAll(async () => {
    payload = await getTestPayload()
    tenant = await payload.create({ collection: 'tenants', data: { name: slug, slug } })
    writeKey = await createKey({ payload, tenants: [tenant], scope: 'write' })
    fake = await startFakeLineUp({
      apiKey,
      events: [
        lineUpEventJson({
          id: 501,
          name: 'Hedda',
          currency: 'EUR',
          tags: ['drama', 'new writing'],
          type: 'Theatre',
          category: 'Drama',
          ticketUrl: 'https://tickets.lineup.test/e/501',
          websiteUrl: 'https://north.example.test/hedda',
        }),
      ],
      performances: ids.map((id, n) =>
        lineUpPerformanceJson({
          id,
          eventId: 501,
          ...wall(at(n + 2)),
          ...(n === 0
            ? {
                capacity: 200,
                remaining: 14,
                prices: [30, 12.5, 18],
                name: 'Hedda: opening night',
                status: 'on_sale',
                onSaleDate: saleStart,
                offSaleDate: saleEnd,
                venuePlan: { type: 'General admission' },
              }
            : {}),
        }),
      ),
    })
    setOptions({ allowedHosts: [fake.host] })
    app = await startApp()
  })

  afterAll(async () => {
    setOptions({ allowedHosts: optionDefaults.allowedHosts })
    await app?.stop()
    await fake?.close()
  })

  it('imports every page, sending the key and the sales channel on every call', async () => {
    const outcome = await sync()
    expect(outcome).toMatchObject({ status: 'succeeded', errors: [] })
    expect(outcome.counts).toMatchObject({ created: 1 + ids.length, failed: 0 })
    const pages = Math.ceil(ids.length / pageSize)
    const listed = fake.requests().filter((p) => p.startsWith('/api/performance/?'))
    expect(listed).toHaveLength(pages)
    expect(listed.at(-1)).toContain(`page=${pages}`)
    const seen = fake.seen()
    expect(seen.length).toBeGreaterThan(pages)
    for (const call of seen)
      expect(call).toMatchObject({ authorization: `Bearer ${apiKey}`, channel: '7' })
    expect(fake.state.refused).toBe(0)
  })

  it("fills the event's Line-Up group", async () => {
    expect((await eventDoc()).lineup).toMatchObject({
      syncConnected: true,
      eventId: '501',
      eventName: 'Hedda',
      ticketUrl: 'https://tickets.lineup.test/e/501',
      websiteUrl: 'https://north.example.test/hedda',
      tags: 'drama, new writing',
      eventType: 'Theatre',
      eventCategory: 'Drama',
    })
  })

  it("fills a performance's pricing, counts, sale dates, status, type, name and raw record", async () => {
    const doc = await instanceBy(ids[0]!)
    expect(doc).toMatchObject({
      ticketingSystem: 'lineup',
      availability: 'limited',
      providerStatus: 'status: on_sale · 14 of 200 remaining',
    })
    expect(doc.lineup).toMatchObject({
      ticketId: String(ids[0]),
      eventId: '501',
      ticketName: 'Hedda: opening night',
      pricing: { price: 12.5, currency: 'EUR' },
      availability: { quantityAvailable: 14, quantitySold: 186 },
      ticketStatus: 'on_sale',
      ticketType: 'general_admission',
    })
    const sale = doc.lineup?.availability
    expect(new Date(String(sale?.saleStart)).toISOString()).toBe(saleStart)
    expect(new Date(String(sale?.saleEnd)).toISOString()).toBe(saleEnd)
    expect(JSON.parse(String(doc.lineup?.syncData))).toMatchObject({ id: ids[0], eventId: 501 })
    // Another performance: the lowest of its two bands, its event's currency, its derived status.
    expect((await instanceBy(ids[1]!)).lineup).toMatchObject({
      pricing: { price: 22, currency: 'EUR' },
      availability: { quantityAvailable: 150, quantitySold: 50 },
      ticketStatus: 'on_sale',
    })
  })

  it("keeps an editor's type and category: they were only seeds", async () => {
    const event = await eventDoc()
    await payload.update({
      collection: 'events',
      id: event.id,
      overrideAccess: true,
      draft: true,
      data: { lineup: { eventType: 'Our season', eventCategory: 'Highlights' } } as never,
    })
    fake.state.events[0]!.tags = ['drama']
    const outcome = await sync()
    expect(outcome.counts).toMatchObject({ updated: 1, failed: 0 })
    expect((await eventDoc()).lineup).toMatchObject({
      eventType: 'Our season',
      eventCategory: 'Highlights',
      tags: 'drama',
    })
  })

  it("refuses a partner's write of a box-office value until the event is disconnected", async () => {
    const doc = await instanceBy(ids[0]!)
    const id = String(doc.id)
    for (const [field, lineup] of [
      ['quantitySold', { availability: { quantitySold: 3 } }],
      ['ticketStatus', { ticketStatus: 'sold_out' }],
    ] as const) {
      const refused = await editor().update('event-instances', id, { lineup })
      expect(refused.status, JSON.stringify(refused.body)).toBe(400)
      expect(refused.headers.get('content-type')).toContain('application/problem+json')
      expect(JSON.stringify(refused.body)).toContain(field)
    }
    expect((await instanceBy(ids[0]!)).lineup).toMatchObject({
      availability: { quantitySold: 186 },
      ticketStatus: 'on_sale',
    })
    const event = await eventDoc()
    await payload.update({
      collection: 'events',
      id: event.id,
      overrideAccess: true,
      draft: true,
      data: { lineup: { syncConnected: false } } as never,
    })
    const allowed = await editor().update('event-instances', id, {
      lineup: { availability: { quantitySold: 3 }, ticketStatus: 'sold_out' },
    })
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200)
    expect((await instanceBy(ids[0]!)).lineup).toMatchObject({
      availability: { quantitySold: 3, quantityAvailable: 14 },
      ticketStatus: 'sold_out',
    })
  })
})
