import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { sql } from '@payloadcms/db-postgres/drizzle'

import { postgresOf } from '../../src/db/postgres'
import { decodeCursor } from '../../src/plugins/changeLog/exports'
import { expirePaused } from '../../src/plugins/webhooks/delivery/expirePaused'
import type { WebhookMessage as Message } from '../../src/plugins/webhooks/delivery/message'
import { pruneDeliveryLog } from '../../src/plugins/webhooks/delivery/pruneLog'
import type { Tenant } from '../../src/payload-types'
import { signIn, type AdminClient } from '../helpers/admin'
import { startApp, waitUntil, type RunningApp } from '../helpers/app'
import { createKey, partner } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'
import { startReceiver, type Receiver } from '../helpers/receiver'
import { createTenant, createUser } from '../helpers/tenants'

type Client = ReturnType<typeof partner>

/** Slots per instance (the default) and the share one tenant may hold of them. */
const concurrency = 4
const perTenant = 2
const hangMs = 8_000
const testsPerMinute = 4
const backlog = 5
const subscriptionsPerTenant = 3
const password = 'fairness-test-password'

let app: RunningApp
let payload: Payload
let receiver: Receiver
const tenants: Record<string, Tenant> = {}
const keys: Record<string, string> = {}
const clients: Record<string, Client> = {}
let admin: AdminClient

const db = () => postgresOf(payload).drizzle

const subscribe = async (client: Client, path: string, extra: Record<string, unknown> = {}) => {
  const res = await client.call('POST', '/webhooks', { url: receiver.url(path), ...extra })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return String(res.body.id)
}

const createVenue = async (client: Client, slug: string): Promise<void> => {
  const res = await client.call('POST', '/venues', { title: slug, slug })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
}

const failing = async (webhookId: string): Promise<boolean> => {
  const { rows } = await db().execute<{ failing: boolean }>(
    sql`select failing_since is not null as failing from webhooks where id = ${webhookId}`,
  )
  return rows[0]?.failing === true
}

/** Deliveries on their way, claimed before their subscription was failing: not probes. */
const claimedBeforeFailing = async (): Promise<number> => {
  const { rows } = await db().execute<{ n: number }>(sql`
    select count(*)::int as n from webhook_deliveries d join webhooks w on w.id = d.webhook_id
    where d.state = 'delivering' and d.lease_until > now()
      and (w.failing_since is null or d.updated_at < w.failing_since)`)
  return Number(rows[0]?.n ?? 0)
}

const delivering = async (tenant: Tenant): Promise<number> => {
  const { rows } = await db().execute<{ n: number }>(sql`
    select count(*)::int as n from webhook_deliveries
    where tenant_id = ${tenant.id} and state = 'delivering' and lease_until > now()`)
  return Number(rows[0]?.n ?? 0)
}

beforeAll(async () => {
  payload = await getTestPayload()
  receiver = await startReceiver()
  for (const slug of [
    'fair-a',
    'fair-b',
    'fair-c',
    'fair-d',
    'fair-e',
    'fair-f',
    'fair-g',
    'fair-h',
    'fair-i',
  ]) {
    tenants[slug] = await createTenant({ payload, slug })
  }
  for (const [slug, tenant] of Object.entries(tenants))
    keys[slug] = await createKey({ payload, tenants: [tenant], scope: 'write' })
  await createUser({
    payload,
    email: 'fair-admin@example.com',
    password,
    tenants: [
      { tenant: tenants['fair-c']!, roles: ['tenant-admin'] },
      { tenant: tenants['fair-d']!, roles: ['tenant-admin'] },
    ],
  })
  app = await startApp({
    env: {
      WEBHOOK_DELIVERY: 'on',
      WEBHOOK_ALLOWED_HOSTS: receiver.host,
      WEBHOOK_TIMEOUT_MS: String(hangMs),
      // A failed message waits a minute: it stays in its subscription's backlog meanwhile.
      WEBHOOK_RETRY_DELAYS_MS: '60000,60000,60000',
      WEBHOOK_TESTS_PER_MINUTE: String(testsPerMinute),
      WEBHOOK_BACKLOG_PER_SUBSCRIPTION: String(backlog),
      WEBHOOKS_PER_TENANT: String(subscriptionsPerTenant),
    },
  })
  for (const [slug, key] of Object.entries(keys))
    clients[slug] = partner({ origin: app.origin, tenant: slug, key })
  admin = await signIn({ origin: app.origin, email: 'fair-admin@example.com', password })
})

afterAll(async () => {
  if (process.env.TEST_APP_OUTPUT) console.log(app?.output())
  await app?.stop()
  await receiver?.close()
})

describe('fair delivery', () => {
  it("a tenant whose receiver hangs holds its share of the slots; another's messages arrive at once", async () => {
    const a = clients['fair-a']!
    const b = clients['fair-b']!
    receiver.answer('/a-hangs', () => 'hang')
    await subscribe(a, '/a-hangs')
    await subscribe(b, '/b')
    let most = 0
    let watching = true
    const watch = (async () => {
      while (watching) {
        most = Math.max(most, await delivering(tenants['fair-a']!))
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })()
    // Different records, so none waits for an earlier one of its own: all of them are due.
    for (let i = 0; i < backlog - 1; i++) await createVenue(a, `a-${i}`)
    await waitUntil({
      what: "the hung tenant's share of the slots to be taken",
      timeoutMs: 5_000,
      check: async () => (await delivering(tenants['fair-a']!)) === perTenant,
    })
    const before = Date.now()
    await createVenue(b, 'b-0')
    await createVenue(b, 'b-1')
    await waitUntil({
      what: "the other tenant's messages",
      timeoutMs: 4_000,
      intervalMs: 50,
      check: async () => receiver.at('/b').length >= 2,
    })
    // Well before the hung deliveries time out and free their slots.
    expect(Date.now() - before).toBeLessThan(hangMs / 2)
    expect(receiver.at('/a-hangs').length).toBe(perTenant)
    watching = false
    await watch
    expect(most).toBe(perTenant)
    expect(perTenant).toBeLessThan(concurrency)
  })
})

describe('receivers that hang, with the default slots', () => {
  it('failing subscriptions are sent one probe each and hold at most half the slots; a healthy tenant is sent at once', async () => {
    const hung = ['fair-g', 'fair-h'] as const
    const ids: string[] = []
    for (const slug of hung) {
      receiver.answer(`/${slug}-hangs`, () => 'hang')
      ids.push(await subscribe(clients[slug]!, `/${slug}-hangs`))
    }
    await subscribe(clients['fair-i']!, '/i')
    // Different records, so each tenant has several messages due at once.
    for (let n = 0; n < 3; n++)
      for (const slug of hung) await createVenue(clients[slug]!, `${slug}-${n}`)
    // Their first attempts time out: from then on both subscriptions are failing, and once
    // what was claimed before has timed out too, each has one probe on its way at most.
    await waitUntil({
      what: 'both hung subscriptions to be failing, with one probe each',
      timeoutMs: hangMs * 4,
      check: async () => {
        for (const id of ids) if (!(await failing(id))) return false
        return (await claimedBeforeFailing()) === 0
      },
    })
    let most = 0
    let watching = true
    const watch = (async () => {
      while (watching) {
        // The hung tenants of this file (fair-a's receiver hangs too) share the failing slots.
        let held = 0
        for (const slug of ['fair-a', ...hung]) held += await delivering(tenants[slug]!)
        most = Math.max(most, held)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })()
    const before = Date.now()
    for (let n = 0; n < 3; n++) await createVenue(clients['fair-i']!, `i-${n}`)
    await waitUntil({
      what: "the healthy tenant's messages",
      timeoutMs: hangMs,
      intervalMs: 50,
      check: async () => receiver.at('/i').length >= 3,
    })
    expect(Date.now() - before).toBeLessThan(hangMs / 2)
    // Long enough for another probe to be claimed if one could be.
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    watching = false
    await watch
    expect(most).toBeLessThanOrEqual(concurrency / 2)
    for (const slug of hung) expect(await delivering(tenants[slug]!)).toBeLessThanOrEqual(1)
  })
})

describe('test messages', () => {
  it('are limited per tenant, on the partner route and the admin route together', async () => {
    const d = clients['fair-d']!
    const id = await subscribe(d, '/d')
    // The count is per minute: start with room in this one.
    const second = new Date().getSeconds()
    if (second > 40) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000))
    for (let i = 0; i < testsPerMinute; i++) {
      const res =
        i % 2 === 0
          ? await d.call('POST', `/webhooks/${id}/test`)
          : await admin.post(`/api/webhooks/${id}/test`)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.state).toBe('succeeded')
    }
    const partnerOver = await d.call('POST', `/webhooks/${id}/test`)
    expect(partnerOver.status).toBe(429)
    expect(partnerOver.headers.get('content-type')).toMatch(/application\/problem\+json/)
    expect(Number(partnerOver.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(String(partnerOver.body.detail)).toMatch(/4 test messages a minute/)
    const adminOver = await admin.post(`/api/webhooks/${id}/test`)
    expect(adminOver.status).toBe(429)
    expect(JSON.stringify(adminOver.body)).toMatch(/4 test messages a minute/)
    expect(receiver.at('/d').length).toBe(testsPerMinute)
  })

  it('are not sent again by retrying them, on the partner route or the admin', async () => {
    const d = clients['fair-d']!
    const { rows } = await db().execute<{ id: string; webhook_id: string }>(sql`
      select id, webhook_id from webhook_deliveries
      where tenant_id = ${tenants['fair-d']!.id} and type = 'webhook.test' limit 1`)
    const [test] = rows
    expect(test).toBeDefined()
    const sent = receiver.at('/d').length
    const partnerRetry = await d.call(
      'POST',
      `/webhooks/${test!.webhook_id}/deliveries/${test!.id}/retry`,
    )
    expect(partnerRetry.status).toBe(409)
    expect(partnerRetry.headers.get('content-type')).toMatch(/application\/problem\+json/)
    expect(String(partnerRetry.body.detail)).toMatch(/send a new test message instead/)
    const adminRetry = await admin.patch(`/api/webhook-deliveries/${test!.id}`, { retry: true })
    expect(adminRetry.status).toBe(400)
    expect(JSON.stringify(adminRetry.body)).toMatch(/send a new test message instead/)
    // Many at once, as the admin's list does: none is put back.
    const bulk = await admin.patch(
      `/api/webhook-deliveries?where[type][equals]=webhook.test&where[tenant][equals]=${tenants['fair-d']!.id}`,
      { retry: true },
    )
    // Payload's answer to many names each one's field, not its message.
    expect(bulk.body.docs).toEqual([])
    expect(JSON.stringify(bulk.body.errors)).toMatch(/invalid: retry/)
    const { rows: waiting } = await db().execute<{ n: number }>(sql`
      select count(*)::int as n from webhook_deliveries
      where tenant_id = ${tenants['fair-d']!.id} and state in ('pending', 'delivering')`)
    expect(waiting[0]?.n).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(receiver.at('/d').length).toBe(sent)
  })

  it('a tenant over its subscriptions is told so on the admin too', async () => {
    const tenant = tenants['fair-d']!.id
    for (const path of ['/d2', '/d3']) {
      const res = await admin.post('/api/webhooks', { tenant, url: receiver.url(path) })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
    }
    const over = await admin.post('/api/webhooks', { tenant, url: receiver.url('/d4') })
    expect(over.status).toBe(400)
    expect(JSON.stringify(over.body)).toMatch(/at most 3 webhook subscriptions/)
  })

  it('that fail are failed after their one attempt, never retried', async () => {
    const b = clients['fair-b']!
    receiver.answer('/b-fails', () => 500)
    const id = await subscribe(b, '/b-fails', { kinds: ['seasons'] })
    const res = await b.call('POST', `/webhooks/${id}/test`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ type: 'webhook.test', state: 'failed', attempts: 1 })
    expect(res.body.nextAttemptAt).toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(receiver.at('/b-fails').length).toBe(1)
  })
})

describe('test messages, one at a time', () => {
  it('a subscription is sent one test message at a time', async () => {
    const b = clients['fair-b']!
    receiver.answer('/b-hangs', () => 'hang')
    const id = await subscribe(b, '/b-hangs', { kinds: ['seasons'] })
    const first = b.call('POST', `/webhooks/${id}/test`)
    await waitUntil({
      what: 'the first test message to reach the receiver',
      timeoutMs: 5_000,
      check: async () => receiver.at('/b-hangs').length === 1,
    })
    const second = await b.call('POST', `/webhooks/${id}/test`)
    expect(second.status).toBe(429)
    expect(String(second.body.detail)).toMatch(/still on its way/)
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0)
    const answered = await first
    expect(answered.body).toMatchObject({ state: 'failed', attempts: 1 })
    expect(receiver.at('/b-hangs').length).toBe(1)
  })
})

describe('what a tenant can make the service keep', () => {
  it("a change's record is stored once, however many subscriptions are sent it", async () => {
    const f = clients['fair-f']!
    const ids = [await subscribe(f, '/f1'), await subscribe(f, '/f2'), await subscribe(f, '/f3')]
    const over = await f.call('POST', '/webhooks', { url: receiver.url('/f4') })
    expect(over.status).toBe(400)
    expect(over.headers.get('content-type')).toMatch(/application\/problem\+json/)
    expect(String(over.body.detail)).toMatch(/at most 3 webhook subscriptions/)
    await createVenue(f, 'f-venue')
    await waitUntil({
      what: 'the change at every subscription',
      timeoutMs: 5_000,
      check: async () => ['/f1', '/f2', '/f3'].every((path) => receiver.at(path).length === 1),
    })
    const bodies = ['/f1', '/f2', '/f3'].map(
      (path) => JSON.parse(receiver.at(path)[0]!.body) as Message,
    )
    for (const message of bodies)
      expect(message.data.record).toMatchObject({ slug: 'f-venue', title: 'f-venue' })
    const tenant = tenants['fair-f']!.id
    const { rows } = await db().execute<{
      payloads: number
      deliveries: number
      change: string
    }>(sql`
      select count(distinct d.payload_id)::int as payloads, count(*)::int as deliveries,
        max(d.change)::text as change
      from webhook_deliveries d where d.tenant_id = ${tenant}`)
    expect(rows[0]).toMatchObject({ payloads: 1, deliveries: 3 })
    const change = rows[0]!.change
    const kept = async (): Promise<number> => {
      const { rows: stored } = await db().execute<{ n: number }>(
        sql`select count(*)::int as n from webhook_payloads where change = ${change}::numeric`,
      )
      return Number(stored[0]?.n)
    }
    expect(await kept()).toBe(1)
    // The delivery read alone shows the record as sent.
    const [one] = (
      await payload.find({
        collection: 'webhook-deliveries',
        where: { tenant: { equals: tenant } },
        limit: 1,
        depth: 0,
      })
    ).docs
    const alone = await payload.findByID({ collection: 'webhook-deliveries', id: one!.id })
    expect(alone.record).toMatchObject({ slug: 'f-venue' })

    // Deleting the subscriptions takes their deliveries; the record goes with the last one.
    for (const id of ids) expect((await f.call('DELETE', `/webhooks/${id}`)).status).toBe(204)
    await pruneDeliveryLog({ payload, retentionDays: 30 })
    const { rows: left } = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from webhook_deliveries where tenant_id = ${tenant}`,
    )
    expect(left[0]?.n).toBe(0)
    expect(await kept()).toBe(0)
  })

  it('a subscription whose backlog is full is paused with the reason; the write succeeds', async () => {
    const c = clients['fair-c']!
    receiver.answer('/c-fails', () => 503)
    const id = await subscribe(c, '/c-fails')
    for (let i = 0; i < backlog; i++) await createVenue(c, `c-${i}`)
    // One more than the backlog holds: written, not queued, and the subscription paused.
    await createVenue(c, 'c-over')
    const hook = await c.call('GET', `/webhooks/${id}`)
    expect(hook.body.active).toBe(false)
    expect(String(hook.body.pausedReason)).toMatch(
      /5 messages were waiting.*catch up from the change feed from cursor/,
    )
    const cursor = /from cursor (\S+)\.$/.exec(String(hook.body.pausedReason))?.[1] ?? ''
    const { rows } = await db().execute<{ n: number; last: string }>(sql`
      select count(*)::int as n, max(change)::text as last from webhook_deliveries
      where webhook_id = ${id}`)
    expect(rows[0]?.n).toBe(backlog)
    // The cursor is the last change queued: the feed after it starts at the one left out.
    expect(decodeCursor({ cursor, secret: payload.secret, tenant: tenants['fair-c']!.id })).toBe(
      Number(rows[0]?.last),
    )
    expect((await c.call('GET', `/changes?after=${cursor}`)).status).toBe(200)
  })

  it("a retry counts against the subscription's backlog: refused when it is full", async () => {
    const c = clients['fair-c']!
    const [hook] = (
      await db().execute<{ id: string }>(sql`
        select id from webhooks where tenant_id = ${tenants['fair-c']!.id} and not active`)
    ).rows
    // A finished message of the full subscription (one given up before the backlog filled).
    const { rows } = await db().execute<{ id: string }>(sql`
      insert into webhook_deliveries
        (tenant_id, webhook_id, type, kind, record_id, event, fields, change, changed_at,
         state, attempts, updated_at, created_at)
      select tenant_id, webhook_id, type, kind, record_id, event, fields, change - 1, changed_at,
        'failed', 8, now(), now()
      from webhook_deliveries where webhook_id = ${hook!.id}
      order by change limit 1
      returning id`)
    const finished = rows[0]!.id
    const partnerRetry = await c.call('POST', `/webhooks/${hook!.id}/deliveries/${finished}/retry`)
    expect(partnerRetry.status).toBe(409)
    expect(String(partnerRetry.body.detail)).toMatch(/5 messages are already waiting/)
    const adminRetry = await admin.patch(`/api/webhook-deliveries/${finished}`, { retry: true })
    expect(adminRetry.status).toBe(400)
    expect(JSON.stringify(adminRetry.body)).toMatch(/5 messages are already waiting/)
    const { rows: after } = await db().execute<{ state: string }>(
      sql`select state from webhook_deliveries where id = ${finished}`,
    )
    expect(after[0]?.state).toBe('failed')
  })

  it("a paused subscription's waiting messages expire, saying where to catch up", async () => {
    const e = clients['fair-e']!
    receiver.answer('/e-fails', () => 503)
    const id = await subscribe(e, '/e-fails')
    await createVenue(e, 'e-0')
    await waitUntil({
      what: 'the first attempt to fail',
      timeoutMs: 5_000,
      check: async () => receiver.at('/e-fails').length === 1,
    })
    expect((await e.call('PATCH', `/webhooks/${id}`, { active: false })).status).toBe(200)
    const paused = await e.call('GET', `/webhooks/${id}`)
    expect(paused.body.pausedAt).not.toBeNull()
    // Not yet: the expiry counts from the pause.
    await expirePaused({ payload, expiryMs: 60_000 })
    const waiting = await db().execute<{ state: string }>(
      sql`select state from webhook_deliveries where webhook_id = ${id}`,
    )
    expect(waiting.rows.map((row) => row.state)).toEqual(['pending'])
    expect(await expirePaused({ payload, expiryMs: 0 })).toBeGreaterThanOrEqual(1)
    const { rows } = await db().execute<{ state: string; last_error: string; change: string }>(sql`
      select state, last_error, change::text from webhook_deliveries where webhook_id = ${id}`)
    expect(rows[0]?.state).toBe('failed')
    expect(rows[0]?.last_error).toMatch(/paused.*expired.*change feed from cursor/)
    const cursor = /from cursor (\S+)\.$/.exec(rows[0]?.last_error ?? '')?.[1] ?? ''
    expect(decodeCursor({ cursor, secret: payload.secret, tenant: tenants['fair-e']!.id })).toBe(
      Number(rows[0]?.change) - 1,
    )
  })
})
