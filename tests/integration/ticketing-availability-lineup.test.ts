import { randomUUID } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { postgresOf } from '../../src/db/postgres'
import type { EventInstance, Tenant } from '../../src/payload-types'
import { optionDefaults, type TicketingOptions } from '../../src/plugins/ticketing/defaults'
import { executeAvailability, executeSync } from '../../src/plugins/ticketing/exports'
import type { Connection, RunOutcome } from '../../src/plugins/ticketing/types'
import { startDeliveryWorker } from '../../src/plugins/webhooks/delivery/worker'
import type { WebhookOptions } from '../../src/plugins/webhooks/defaults'
import { startApp, type RunningApp } from '../helpers/app'
import {
  lineUpEventJson,
  lineUpPerformanceJson,
  startFakeLineUp,
  type FakeLineUp,
} from '../helpers/fakeLineUp'
import { createKey, partner } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'
import { startReceiver, type Receiver } from '../helpers/receiver'
import { expectSoldOutReachesReaders } from '../helpers/soldOutReaches'

/**
 * The availability refresh with Line-Up, in-process against the test database: the Line-Up
 * stand-in on loopback, the change log, a real webhook receiver fed by the delivery worker, and
 * the partner API over real HTTP.
 */
const apiKey = 'lu-avail-key'
const slug = `tal-${randomUUID().slice(0, 6)}`
const day = 86_400_000
const now = Date.now()
const wall = (days: number) => {
  const d = new Date(now + days * day)
  d.setUTCHours(19, 30, 0, 0)
  return {
    startDate: d.toISOString().slice(0, 10),
    startTime: d.toISOString().slice(11, 19),
    timeZone: 'UTC',
  }
}
/** Three performances within the refresh's 14 days. */
const near = [9201, 9202, 9203]
/** One beyond them. */
const far = 9290

let payload: Payload
let tenant: Tenant
let fake: FakeLineUp
let receiver: Receiver
let worker: { stop: () => Promise<void> } | undefined
let app: RunningApp
let readKey: string

const site = () => partner({ origin: app.origin, tenant: slug, key: readKey })
const db = () => postgresOf(payload).drizzle

const runOf = () => ({
  payload,
  run: {
    runId: randomUUID(),
    connection: {
      id: `c-lineup-availability-${tenant.id}`,
      tenantId: tenant.id,
      provider: 'lineup',
      settings: { baseUrl: fake.baseUrl },
      credentials: { apiKey },
      daysAhead: 60,
      importNewEvents: true,
      syncToPublished: true,
      removalLimitPercent: 50,
      availabilityDaysAhead: 14,
    } satisfies Connection,
    dryRun: false,
    confirmRemovals: false,
    deadline: Date.now() + 60_000,
    heartbeat: async () => undefined,
  },
})
const sync = (): Promise<RunOutcome> => executeSync(runOf())
const refresh = (): Promise<RunOutcome> => executeAvailability(runOf())

const instanceBy = async (ticketId: number): Promise<EventInstance> => {
  const found = await payload.find({
    collection: 'event-instances',
    where: {
      and: [{ 'lineup.ticketId': { equals: String(ticketId) } }, { tenant: { equals: tenant.id } }],
    },
    overrideAccess: true,
    depth: 0,
  })
  expect(found.docs).toHaveLength(1)
  return found.docs[0]!
}

const changesOf = async (recordId: string): Promise<number> => {
  const { rows } = await db().execute<{ n: number }>(
    sql`select count(*)::int as n from change_log where record_id = ${recordId}`,
  )
  return Number(rows[0]!.n)
}

const setOptions = (changes: Partial<TicketingOptions>): void => {
  Object.assign(payload.config.custom.ticketing as TicketingOptions, changes)
}

beforeAll(async () => {
  payload = await getTestPayload()
  tenant = await payload.create({ collection: 'tenants', data: { name: slug, slug } })
  readKey = await createKey({ payload, tenants: [tenant], scope: 'read' })
  fake = await startFakeLineUp({
    apiKey,
    events: [lineUpEventJson({ id: 601, name: 'The Wild Duck', currency: 'NOK' })],
    performances: [
      ...near.map((id, n) =>
        lineUpPerformanceJson({ id, eventId: 601, ...wall(n + 2), prices: [450, 300] }),
      ),
      lineUpPerformanceJson({ id: far, eventId: 601, ...wall(30), prices: [450, 300] }),
    ],
  })
  receiver = await startReceiver()
  setOptions({ allowedHosts: [fake.host] })
  const webhooks = payload.config.custom.webhooks as WebhookOptions
  Object.assign(webhooks, { allowedHosts: [...webhooks.allowedHosts, receiver.host] })
  expect((await sync()).counts).toMatchObject({ created: 2 + near.length, failed: 0 })
  await payload.create({
    collection: 'webhooks',
    overrideAccess: true,
    data: { tenant: tenant.id, url: receiver.url('/hook'), kinds: ['event-instances'] } as never,
  })
  worker = startDeliveryWorker({ payload })
  app = await startApp()
})

afterAll(async () => {
  setOptions({ allowedHosts: optionDefaults.allowedHosts })
  await worker?.stop()
  await app?.stop()
  await fake?.close()
  await receiver?.close()
})

describe('a Line-Up availability refresh', () => {
  it('writes nothing right after an import', async () => {
    const outcome = await refresh()
    expect(outcome).toMatchObject({ status: 'succeeded', errors: [] })
    expect(outcome.counts).toEqual({
      created: 0,
      updated: 0,
      unchanged: near.length,
      cancelled: 0,
      removed: 0,
      failed: 0,
    })
    // It asked for the performances' details, one each, and nothing else.
    expect(
      fake
        .requests()
        .filter((p) => /^\/api\/performance\/\d+\/$/.test(p))
        .slice(-near.length)
        .sort(),
    ).toEqual(near.map((id) => `/api/performance/${id}/`))
  })

  it("writes a performance that sold out, once, keeping its group's other values", async () => {
    const sold = near[1]!
    const before = await instanceBy(sold)
    expect(before.availability).toBe('available')
    const changes = await changesOf(String(before.id))
    // Read once, so the app's read cache holds the answer from before.
    expect((await site().get('event-instances', String(before.id))).body).toMatchObject({
      availability: 'available',
    })
    const feedBefore = await site().call('GET', '/changes?limit=200')
    const cursor = String(feedBefore.body.next ?? '')
    fake.sellOut(sold)
    const outcome = await refresh()
    expect(outcome).toMatchObject({ status: 'succeeded', errors: [] })
    expect(outcome.counts).toEqual({
      created: 0,
      updated: 1,
      unchanged: near.length - 1,
      cancelled: 0,
      removed: 0,
      failed: 0,
    })
    expect(outcome.plan[0]?.changes.map((c) => c.field).sort()).toEqual([
      'availability',
      'lineup.availability.quantityAvailable',
      'lineup.availability.quantitySold',
      'lineup.syncData',
      'lineup.ticketStatus',
      'providerStatus',
    ])
    const after = await instanceBy(sold)
    expect(after).toMatchObject({
      availability: 'sold_out',
      providerStatus: 'status: none · 0 of 200 remaining',
    })
    expect(after.lineup).toEqual({
      ...before.lineup,
      availability: { ...before.lineup?.availability, quantityAvailable: 0, quantitySold: 200 },
      ticketStatus: 'sold_out',
      syncData: after.lineup?.syncData,
    })
    expect(JSON.parse(String(after.lineup?.syncData))).toMatchObject({ totalCapacityRemaining: 0 })
    expect(after.lineup).toMatchObject({
      ticketId: String(sold),
      eventId: '601',
      pricing: { price: 300, currency: 'NOK' },
    })
    expect(await changesOf(String(before.id))).toBe(changes + 1)
    await expectSoldOutReachesReaders({
      payload,
      site: site(),
      receiver,
      tenantId: tenant.id,
      recordId: String(before.id),
      cursor,
    })
  })

  it('neither asks about nor writes a performance beyond its days ahead', async () => {
    fake.sellOut(far)
    const asked = () => fake.requests().filter((p) => p === `/api/performance/${far}/`).length
    const before = asked()
    const outcome = await refresh()
    expect(outcome.counts).toMatchObject({ updated: 0, cancelled: 0, unchanged: near.length })
    expect(asked()).toBe(before)
    expect((await instanceBy(far)).availability).toBe('available')
    fake.change(far, { totalCapacityRemaining: 150 })
    for (const band of fake.state.performances.find((p) => p.id === far)!.pricing)
      band.capacityRemaining = 75
  })

  it('leaves the next full sync nothing to write', async () => {
    expect((await sync()).counts).toMatchObject({ created: 0, updated: 0, failed: 0 })
  })
})
