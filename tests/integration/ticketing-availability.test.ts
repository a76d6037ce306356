import { randomUUID } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { postgresOf } from '../../src/db/postgres'
import type { EventInstance, Tenant, TicketingConnection } from '../../src/payload-types'
import {
  claimRun,
  executeAvailability,
  executeSync,
  pruneSyncRuns,
  queueScheduledRefreshes,
} from '../../src/plugins/ticketing/exports'
import { optionDefaults, type TicketingOptions } from '../../src/plugins/ticketing/defaults'
import { executeRun } from '../../src/plugins/ticketing/runner/execute'
import type { Connection, RunOutcome } from '../../src/plugins/ticketing/types'
import { startDeliveryWorker } from '../../src/plugins/webhooks/delivery/worker'
import type { WebhookOptions } from '../../src/plugins/webhooks/defaults'
import { startApp, type RunningApp } from '../helpers/app'
import { createKey, partner } from '../helpers/partner'
import {
  eventJson,
  instanceJson,
  spektrixId,
  startFakeSpektrix,
  statusJson,
  type FakeSpektrix,
} from '../helpers/fakeSpektrix'
import { getTestPayload } from '../helpers/payload'
import { startReceiver, type Receiver } from '../helpers/receiver'
import { expectSoldOutReachesReaders } from '../helpers/soldOutReaches'

/**
 * The availability refresh, in-process against the test database: a Spektrix stand-in on
 * loopback, the change log, a real webhook receiver fed by the delivery worker, and the runner's
 * claim, schedule and retention on real rows.
 */
let payload: Payload
let tenant: Tenant
let fake: FakeSpektrix
let receiver: Receiver
let connectionId: string
let worker: { stop: () => Promise<void> } | undefined
let app: RunningApp
let readKey: string

const site = () => partner({ origin: app.origin, tenant: 'ta-quay', key: readKey })

const day = 86_400_000
const now = Date.now()
const at = (days: number): Date => {
  const d = new Date(now + days * day)
  d.setUTCHours(19, 30, 0, 0)
  return d
}

const show = spektrixId(35001)
/** Five performances within the refresh's 14 days, one far beyond them. */
const near = [2, 3, 4, 5, 6].map((n) => spektrixId(68000 + n))
const far = spektrixId(68090)

const db = () => postgresOf(payload).drizzle

const connectionOf = (): Connection => ({
  id: connectionId,
  tenantId: tenant.id,
  provider: 'spektrix',
  settings: { clientName: 'quaytheatre', baseUrl: fake.origin },
  credentials: {},
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

const instanceBy = async (externalId: string): Promise<EventInstance> => {
  const found = await payload.find({
    collection: 'event-instances',
    where: { 'spektrix.instanceId': { equals: externalId } },
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

const statusCallsFor = (id: string) =>
  fake.state.requests.filter((r) => r.includes(`instances/${id}/status`)).length

const setOptions = (changes: Partial<TicketingOptions>): void => {
  Object.assign(payload.config.custom.ticketing as TicketingOptions, changes)
}

const runsOf = async () =>
  (
    await db().execute<{ id: string; kind: string; status: string }>(
      sql`select id, kind, status from ticketing_sync_runs where connection_id = ${connectionId}`,
    )
  ).rows

const queueRun = async (kind: 'sync' | 'availability', queuedMinutesAgo = 0): Promise<string> => {
  const { rows } = await db().execute<{ id: string }>(sql`
    insert into ticketing_sync_runs
      (tenant_id, connection_id, provider, kind, status, dry_run, confirm_removals, trigger,
       queued_at, attempts, counts_created, counts_updated, counts_unchanged, counts_cancelled,
       counts_removed, counts_failed, needs_confirmation, updated_at, created_at)
    values (${tenant.id}, ${connectionId}, 'spektrix', ${kind}, 'queued', false, false, 'manual',
      now() - make_interval(mins => ${queuedMinutesAgo}), 0, 0, 0, 0, 0, 0, 0, false, now(), now())
    returning id`)
  return rows[0]!.id
}

beforeAll(async () => {
  payload = await getTestPayload()
  tenant = await payload.create({
    collection: 'tenants',
    data: { name: 'Availability', slug: 'ta-quay' },
  })
  readKey = await createKey({ payload, tenants: [tenant], scope: 'read' })
  fake = await startFakeSpektrix({ clientName: 'quaytheatre' })
  receiver = await startReceiver()
  setOptions({ allowedHosts: [fake.host] })
  const webhooks = payload.config.custom.webhooks as WebhookOptions
  Object.assign(webhooks, { allowedHosts: [...webhooks.allowedHosts, receiver.host] })
  const c = fake.state.catalogue
  c.events.push(eventJson({ id: show, name: 'The Tempest' }))
  for (const [n, id] of near.entries())
    c.instances.push(instanceJson({ id, eventId: show, start: at(n + 2) }))
  c.instances.push(instanceJson({ id: far, eventId: show, start: at(30) }))
  const connection = (await payload.create({
    collection: 'ticketing-connections',
    overrideAccess: true,
    data: {
      tenant: tenant.id,
      name: 'Quay box office',
      provider: 'spektrix',
      spektrix: { clientName: 'quaytheatre', baseUrl: fake.origin },
      syncEveryMinutes: 0,
      availabilityEveryMinutes: 5,
    } as never,
  })) as TicketingConnection
  connectionId = String(connection.id)
  expect((await sync()).counts).toMatchObject({ created: 7, failed: 0 })
  // The full sync on main does not write `providerStatus` yet (the provider-neutral engine
  // does): one refresh first, so the cases below start from a performance set that is current.
  expect((await refresh()).counts.failed).toBe(0)
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
  await fake?.stop()
  await receiver?.close()
})

describe('an availability refresh', () => {
  it('writes a performance that sold out, once, and nothing else', async () => {
    const sold = near[1]!
    const before = await instanceBy(sold)
    const changes = await changesOf(String(before.id))
    // Read once, so the app's read cache holds the answer from before.
    expect((await site().get('event-instances', String(before.id))).body).toMatchObject({
      availability: 'available',
    })
    const feedBefore = await site().call('GET', '/changes?limit=200')
    const cursor = String(feedBefore.body.next ?? '')
    fake.state.catalogue.statuses.set(sold, statusJson({ available: 0, capacity: 300 }))
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
    ])
    expect(await instanceBy(sold)).toMatchObject({
      availability: 'sold_out',
      providerStatus: 'isOnSale: true · available 0 of 300',
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

  it('leaves the link alone: the next full sync writes no field again', async () => {
    const again = await sync()
    expect(again.counts).toMatchObject({ updated: 0, created: 0, failed: 0 })
  })

  it('hides a cancelled performance', async () => {
    const cancelled = near[2]!
    const instance = fake.state.catalogue.instances.find((i) => i.id === cancelled)!
    Object.assign(instance, { cancelled: true, isOnSale: false })
    const outcome = await refresh()
    expect(outcome.counts).toMatchObject({ cancelled: 1, unchanged: near.length - 1 })
    expect(await instanceBy(cancelled)).toMatchObject({
      availability: 'cancelled',
      cancelled: true,
      onSale: false,
      hidden: true,
    })
  })

  it('neither asks about nor writes performances beyond its days ahead', async () => {
    fake.state.catalogue.statuses.set(far, statusJson({ available: 0, capacity: 300 }))
    const asked = statusCallsFor(far)
    const outcome = await refresh()
    expect(outcome.counts.updated + outcome.counts.cancelled).toBe(0)
    expect(statusCallsFor(far)).toBe(asked)
    expect((await instanceBy(far)).availability).toBe('available')
  })
})

describe('refresh runs', () => {
  // Claims and schedules look at every tenant, and the integration files share one database:
  // runs and connections earlier files left behind are put out of the way first.
  beforeAll(async () => {
    await db().execute(
      sql`update ticketing_sync_runs set status = 'failed', finished_at = now()
        where tenant_id <> ${tenant.id} and status in ('queued', 'running')`,
    )
    await db().execute(
      sql`update ticketing_connections set active = false where tenant_id <> ${tenant.id}`,
    )
  })

  it('are not scheduled while a full sync is queued or running', async () => {
    const syncRun = await queueRun('sync')
    expect(await queueScheduledRefreshes({ payload, providers: ['spektrix'] })).toBe(0)
    expect((await claimRun(payload, 'sync'))?.id).toBe(syncRun)
    expect(await queueScheduledRefreshes({ payload, providers: ['spektrix'] })).toBe(0)
  })

  it('never run beside a full sync of the same connection', async () => {
    const refreshRun = await queueRun('availability')
    expect(await claimRun(payload, 'availability')).toBeUndefined()
    await db().execute(
      sql`update ticketing_sync_runs set status = 'succeeded', finished_at = now()
        where connection_id = ${connectionId} and kind = 'sync'`,
    )
    const claimed = await claimRun(payload, 'availability')
    expect(claimed).toMatchObject({ id: refreshRun, kind: 'availability' })
    const outcome = await executeRun({ payload, run: claimed!, deadlineMs: 120_000 })
    expect(outcome.status).toBe('succeeded')
    const connection = await payload.findByID({
      collection: 'ticketing-connections',
      id: connectionId,
      depth: 0,
      overrideAccess: true,
    })
    expect(connection).toMatchObject({ lastAvailabilityRun: refreshRun })
    expect(connection.lastRun).not.toBe(refreshRun)
  })

  it('are scheduled once their interval has passed, for providers that read availability', async () => {
    expect(await queueScheduledRefreshes({ payload, providers: ['spektrix'] })).toBe(0)
    await db().execute(
      sql`update ticketing_sync_runs set queued_at = now() - interval '10 minutes'
        where connection_id = ${connectionId}`,
    )
    expect(await queueScheduledRefreshes({ payload, providers: [] })).toBe(0)
    expect(await queueScheduledRefreshes({ payload, providers: ['tessitura'] })).toBe(0)
    expect(await queueScheduledRefreshes({ payload, providers: ['spektrix'] })).toBe(1)
    const queued = (await runsOf()).filter((r) => r.status === 'queued')
    expect(queued).toEqual([expect.objectContaining({ kind: 'availability' })])
  })

  it('are kept a day, full syncs a month', async () => {
    await db().execute(
      sql`update ticketing_sync_runs set status = 'succeeded',
        finished_at = now() - interval '25 hours' where connection_id = ${connectionId}`,
    )
    await pruneSyncRuns({ payload, retentionDays: 30 })
    const left = await runsOf()
    expect(left.map((r) => r.kind)).toEqual(['sync'])
  })
})
