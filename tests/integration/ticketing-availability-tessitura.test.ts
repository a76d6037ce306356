import { randomUUID } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { postgresOf } from '../../src/db/postgres'
import type { Tenant, TicketingConnection } from '../../src/payload-types'
import { executeAvailability, executeSync } from '../../src/plugins/ticketing/exports'
import { optionDefaults, type TicketingOptions } from '../../src/plugins/ticketing/defaults'
import type { Connection, RunOutcome } from '../../src/plugins/ticketing/types'
import { startDeliveryWorker } from '../../src/plugins/webhooks/delivery/worker'
import type { WebhookOptions } from '../../src/plugins/webhooks/defaults'
import { startApp, waitUntil, type RunningApp } from '../helpers/app'
import {
  performanceJson,
  seasonJson,
  startFakeTessitura,
  type FakeTessitura,
} from '../helpers/fakeTessitura'
import { createKey, partner } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'
import { startReceiver, type Receiver } from '../helpers/receiver'
import { expectSoldOutReachesReaders } from '../helpers/soldOutReaches'

/**
 * The availability refresh with Tessitura, in-process against the test database: the stand-in
 * on loopback, the change log, a real webhook receiver fed by the delivery worker, and the
 * partner API over HTTP.
 */
type Doc = Record<string, unknown>

let payload: Payload
let tenant: Tenant
let fake: FakeTessitura
let receiver: Receiver
let connectionId: string
let worker: { stop: () => Promise<void> } | undefined
let app: RunningApp
let readKey: string
const slug = `tat-opera-${randomUUID().slice(0, 6)}`

const site = () => partner({ origin: app.origin, tenant: slug, key: readKey })

const day = 86_400_000
const now = Date.now()
const at = (days: number): Date => {
  const d = new Date(now + days * day)
  d.setUTCHours(19, 30, 0, 0)
  return d
}

/** Two seasons of one opera: five performances within the refresh's 14 days, one beyond. */
const near = [2, 3, 4, 5, 6].map((n) => 910_000 + n)
const far = 910_090
const seasonOf = (id: number): number => (id % 2 === 0 ? 7101 : 7102)

const db = () => postgresOf(payload).drizzle

const connectionOf = (): Connection => ({
  id: connectionId,
  tenantId: tenant.id,
  provider: 'tessitura',
  settings: { baseUrl: fake.baseUrl, tnewAddress: 'https://tickets.example.org/events' },
  credentials: { ...fake.credentials },
  daysAhead: 60,
  importNewEvents: true,
  syncToPublished: true,
  removalLimitPercent: 50,
  availabilityDaysAhead: 14,
})

const runOf = () => ({
  payload,
  run: {
    runId: randomUUID(),
    connection: connectionOf(),
    dryRun: false,
    confirmRemovals: false,
    deadline: Date.now() + 60_000,
    heartbeat: async () => undefined,
  },
})
const sync = (): Promise<RunOutcome> => executeSync(runOf())
const refresh = (): Promise<RunOutcome> => executeAvailability(runOf())

const instanceBy = async (performanceId: number): Promise<Doc> => {
  const found = await payload.find({
    collection: 'event-instances',
    where: {
      and: [
        { tenant: { equals: tenant.id } },
        { 'tessitura.performanceId': { equals: String(performanceId) } },
      ],
    },
    overrideAccess: true,
    depth: 0,
  })
  expect(found.docs).toHaveLength(1)
  return found.docs[0] as unknown as Doc
}

const changesOf = async (recordId: string): Promise<number> => {
  const { rows } = await db().execute<{ n: number }>(
    sql`select count(*)::int as n from change_log where record_id = ${recordId}`,
  )
  return Number(rows[0]!.n)
}

const tenantChanges = async (): Promise<number> => {
  const { rows } = await db().execute<{ n: number }>(
    sql`select count(*)::int as n from change_log where tenant_id = ${tenant.id}`,
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
  fake = await startFakeTessitura()
  receiver = await startReceiver()
  setOptions({ allowedHosts: [fake.host] })
  const webhooks = payload.config.custom.webhooks as WebhookOptions
  Object.assign(webhooks, { allowedHosts: [...webhooks.allowedHosts, receiver.host] })
  const c = fake.catalogue
  c.seasons.push(
    seasonJson({ id: 7101, description: 'Don Giovanni' }),
    seasonJson({ id: 7102, description: 'Don Giovanni, matinées' }),
  )
  for (const [n, id] of [...near, far].entries()) {
    c.performances.push(
      performanceJson({ id, seasonId: seasonOf(id), start: at(id === far ? 30 : n + 2) }),
    )
    c.zones.set(id, [120, 180])
  }
  const connection = (await payload.create({
    collection: 'ticketing-connections',
    overrideAccess: true,
    data: {
      tenant: tenant.id,
      name: 'Opera box office',
      provider: 'tessitura',
      tessitura: { baseUrl: fake.baseUrl, tnewAddress: 'https://tickets.example.org/events' },
      syncEveryMinutes: 0,
      availabilityEveryMinutes: 5,
    } as never,
  })) as TicketingConnection
  connectionId = String(connection.id)
  expect((await sync()).counts).toMatchObject({ created: 8, failed: 0 })
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

describe('a Tessitura availability refresh', () => {
  it('writes nothing right after an import', async () => {
    const logged = await tenantChanges()
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
    expect(await tenantChanges()).toBe(logged)
  })

  it('writes a performance that sold out, once, and nothing else', async () => {
    const sold = near[1]!
    const before = await instanceBy(sold)
    const changes = await changesOf(String(before.id))
    expect((await site().get('event-instances', String(before.id))).body).toMatchObject({
      availability: 'available',
      providerStatus: 'On Sale · Y · 300 left',
    })
    const feedBefore = await site().call('GET', '/changes?limit=200')
    const cursor = String(feedBefore.body.next ?? '')
    fake.sellOut(sold)
    fake.requests.length = 0
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
      'providerStatus',
      'tessitura.availability',
    ])
    // The refresh asks for its performances' seasons and zones only, never beyond its days.
    const zoned = fake.requests
      .filter((r) => r.path === 'Performances/Zones')
      .flatMap((r) => r.query.get('performanceIds')!.split(','))
    expect(zoned.sort()).toEqual(near.map(String).sort())
    expect(fake.requests.some((r) => r.path === 'ProductionSeasons')).toBe(false)
    expect(await instanceBy(sold)).toMatchObject({
      availability: 'sold_out',
      providerStatus: 'On Sale · Y · 0 left',
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

  it('hides a cancelled performance', async () => {
    const cancelled = near[2]!
    fake.cancel(cancelled)
    const outcome = await refresh()
    expect(outcome.counts).toMatchObject({ cancelled: 1, unchanged: near.length - 1 })
    const doc = await instanceBy(cancelled)
    expect(doc).toMatchObject({
      availability: 'cancelled',
      cancelled: true,
      onSale: false,
      hidden: true,
      providerStatus: 'Cancelled · Y',
    })
    // The website reads it hidden (the flag it filters on), cancelled, in the one vocabulary.
    await waitUntil({
      what: 'the website reads it hidden',
      timeoutMs: 10_000,
      check: async () => (await site().get('event-instances', String(doc.id))).body.hidden === true,
    })
    expect((await site().get('event-instances', String(doc.id))).body).toMatchObject({
      availability: 'cancelled',
      cancelled: true,
      onSale: false,
      hidden: true,
    })
  })

  it('leaves a performance beyond its days ahead to the full sync', async () => {
    fake.sellOut(far)
    const outcome = await refresh()
    expect(outcome.counts.updated + outcome.counts.cancelled).toBe(0)
    expect((await instanceBy(far)).availability).toBe('available')
    expect((await sync()).counts).toMatchObject({ updated: 1, failed: 0 })
    expect((await instanceBy(far)).availability).toBe('sold_out')
  })
})
