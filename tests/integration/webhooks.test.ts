import type { Payload } from 'payload'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { sql } from '@payloadcms/db-postgres/drizzle'

import { freePort } from '../../src/db/embeddedPostgres'
import { postgresOf } from '../../src/db/postgres'
import { pruneDeliveryLog } from '../../src/plugins/webhooks/delivery/pruneLog'
import type { Tenant } from '../../src/payload-types'
import type { WebhookMessage as Message } from '../../src/plugins/webhooks/delivery/message'
import { signIn, type AdminClient } from '../helpers/admin'
import { startApp, waitUntil, type RunningApp } from '../helpers/app'
import { createKey, partner } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'
import { startReceiver, type Received, type Receiver } from '../helpers/receiver'
import { createTenant, createUser } from '../helpers/tenants'

type Delivery = {
  id: string
  state: string
  attempts: number
  lastStatus?: number
  lastError?: string
  log?: { ok: boolean; status: number | null; error: string | null; latencyMs: number }[]
}

let app: RunningApp
let payload: Payload
let receiver: Receiver
let downUrl: string
let harbour: Tenant
let globe: Tenant
let harbourWrite: string
let harbourRead: string
let globeWrite: string
let harbourAdmin: AdminClient
let harbourEditor: AdminClient
let globeAdmin: AdminClient
const password = 'webhook-test-password'

/** Makes a subscription as the harbour's tenant admin; answers it with its secret. */
const subscribe = async (
  data: Record<string, unknown>,
  admin = harbourAdmin,
  tenant = harbour,
): Promise<{ id: string; secret: string }> => {
  const res = await admin.post('/api/webhooks', { tenant: tenant.id, ...data })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const doc = res.body.doc as { id: string; secret: string }
  expect(doc.secret).toMatch(/^whsec_/)
  return doc
}

/** Verifies a request with the Standard Webhooks reference implementation; its message. */
const verified = (request: Received, secret: string): Message =>
  new Webhook(secret).verify(request.body, request.headers) as Message

const deliveriesOf = async (webhook: string): Promise<Delivery[]> => {
  const res = await harbourAdmin.get(
    `/api/webhook-deliveries?where[webhook][equals]=${webhook}&sort=createdAt&limit=100&depth=0`,
  )
  expect(res.status).toBe(200)
  return res.body.docs as Delivery[]
}

const arrived = (path: string, count: number, timeoutMs = 20_000): Promise<number> =>
  waitUntil({
    what: `${count} messages at ${path} (have ${receiver.at(path).length})`,
    timeoutMs,
    check: async () => receiver.at(path).length >= count,
  })

beforeAll(async () => {
  payload = await getTestPayload()
  receiver = await startReceiver()
  const downPort = await freePort()
  downUrl = `http://127.0.0.1:${downPort}/gone`
  harbour = await createTenant({ payload, slug: 'wh-harbour' })
  globe = await createTenant({ payload, slug: 'wh-globe' })
  harbourWrite = await createKey({ payload, tenants: [harbour], scope: 'write' })
  harbourRead = await createKey({ payload, tenants: [harbour], scope: 'read' })
  globeWrite = await createKey({ payload, tenants: [globe], scope: 'write' })
  await createUser({
    payload,
    email: 'wh-admin@example.com',
    password,
    tenants: [
      { tenant: harbour, roles: ['tenant-admin'] },
      // An editor of the globe: administering one tenant gives nothing in another.
      { tenant: globe, roles: ['editor'] },
    ],
  })
  await createUser({
    payload,
    email: 'wh-editor@example.com',
    password,
    tenants: [{ tenant: harbour, roles: ['editor'] }],
  })
  await createUser({
    payload,
    email: 'wh-globe-admin@example.com',
    password,
    tenants: [{ tenant: globe, roles: ['tenant-admin'] }],
  })
  app = await startApp({
    env: {
      WEBHOOK_DELIVERY: 'on',
      WEBHOOK_ALLOWED_HOSTS: `${receiver.host},127.0.0.1:${downPort}`,
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_RETRY_DELAYS_MS: Array.from({ length: 30 }, () => '200').join(','),
      WEBHOOK_PAUSE_AFTER_MS: '4000',
      WEBHOOKS_PER_TENANT: '15',
    },
  })
  harbourAdmin = await signIn({ origin: app.origin, email: 'wh-admin@example.com', password })
  harbourEditor = await signIn({ origin: app.origin, email: 'wh-editor@example.com', password })
  globeAdmin = await signIn({ origin: app.origin, email: 'wh-globe-admin@example.com', password })
})

afterAll(async () => {
  if (process.env.TEST_APP_OUTPUT) {
    console.log(app?.output())
    const all = await payload.find({ collection: 'webhook-deliveries', limit: 20, depth: 0 })
    console.log(JSON.stringify(all.docs, null, 1))
  }
  await app?.stop()
  await receiver?.close()
})

describe('webhook deliveries', () => {
  it('sends every change, signed, in order, with the record in its partner shape', async () => {
    const { id, secret } = await subscribe({ url: receiver.url('/all') })
    const filtered = await subscribe({
      url: receiver.url('/venue-deletions'),
      events: ['deleted'],
      kinds: ['venues'],
    })
    const client = partner({ origin: app.origin, tenant: 'wh-harbour', key: harbourWrite })
    const created = await client.call('POST', '/events', {
      title: 'Storm',
      slug: 'storm',
      _status: 'published',
    })
    expect(created.status).toBe(201)
    const eventId = String(created.body.id)
    expect((await client.call('PATCH', `/events/${eventId}`, { title: 'Storm II' })).status).toBe(
      200,
    )
    expect((await client.call('DELETE', `/events/${eventId}`)).status).toBe(204)
    const venue = await client.call('POST', '/venues', { title: 'Quay', slug: 'quay' })
    expect((await client.call('DELETE', `/venues/${String(venue.body.id)}`)).status).toBe(204)
    // The globe's changes are not the harbour's business.
    await payload.create({ collection: 'events', data: { title: 'Elsewhere', tenant: globe.id } })

    await arrived('/all', 5)
    await arrived('/venue-deletions', 1)
    const messages = receiver.at('/all').map((r) => verified(r, secret))
    // In order for each record; two records' messages may be sent side by side (the queue
    // keeps each record's order, webhooks/README.md), so their arrivals may interleave.
    const ofKind = (kind: string) => messages.filter((m) => m.data.kind === kind).map((m) => m.type)
    expect(messages).toHaveLength(5)
    expect(ofKind('events')).toEqual(['record.created', 'record.updated', 'record.deleted'])
    expect(ofKind('venues')).toEqual(['record.created', 'record.deleted'])
    expect(messages.every((m) => m.data.tenant === 'wh-harbour')).toBe(true)
    const events = messages.filter((m) => m.data.kind === 'events')
    expect(events[0]!.data.id).toBe(eventId)
    expect(events[0]!.data.record).toMatchObject({ id: eventId, slug: 'storm' })
    expect(events[1]!.data.fields).toContain('title')
    expect(events[2]!.data.record).toBeNull()
    expect(events[0]!.data.change).toMatch(/^[A-Za-z0-9_-]+$/)
    const ids = receiver.at('/all').map((r) => r.headers['webhook-id'])
    expect(new Set(ids).size).toBe(5)

    const venueDeletion = verified(receiver.at('/venue-deletions')[0]!, filtered.secret)
    expect(venueDeletion.type).toBe('record.deleted')
    expect(venueDeletion.data.kind).toBe('venues')
    expect(receiver.at('/venue-deletions')).toHaveLength(1)
    // Signed with its own secret: the other subscription's does not verify it.
    expect(() => verified(receiver.at('/venue-deletions')[0]!, secret)).toThrow()

    const log = await deliveriesOf(id)
    expect(log.map((d) => d.state)).toEqual(Array(5).fill('succeeded'))
    expect(log[0]!.log![0]).toMatchObject({ ok: true, status: 200 })
  })

  it('retries a receiver that fails, hangs or redirects, and logs each attempt', async () => {
    receiver.answer('/flaky', (nth) => (nth <= 2 ? 500 : 200))
    receiver.answer('/slow', (nth) => (nth === 1 ? 'hang' : 200))
    const flaky = await subscribe({ url: receiver.url('/flaky'), kinds: ['works'] })
    const slow = await subscribe({ url: receiver.url('/slow'), kinds: ['works'] })
    await payload.create({ collection: 'works', data: { title: 'Tempest', tenant: harbour.id } })

    await arrived('/flaky', 3)
    await arrived('/slow', 2)
    await waitUntil({
      what: 'both deliveries to be recorded as succeeded',
      timeoutMs: 10_000,
      check: async () =>
        (await deliveriesOf(flaky.id))[0]?.state === 'succeeded' &&
        (await deliveriesOf(slow.id))[0]?.state === 'succeeded',
    })
    const [flakyDelivery] = await deliveriesOf(flaky.id)
    expect(flakyDelivery!.attempts).toBe(3)
    expect(flakyDelivery!.log!.map((a) => a.status)).toEqual([500, 500, 200])
    expect(flakyDelivery!.log![0]!.error).toMatch(/answered 500/)
    // Every attempt is the same message: one id, a receiver can drop repeats.
    expect(new Set(receiver.at('/flaky').map((r) => r.headers['webhook-id'])).size).toBe(1)
    const [slowDelivery] = await deliveriesOf(slow.id)
    expect(slowDelivery!.log![0]!.error).toMatch(/No answer within 1000 ms/)
    expect(slowDelivery!.log![1]).toMatchObject({ ok: true, status: 200 })
  })

  it('pauses a subscription whose target keeps failing, says why, and resumes it', async () => {
    receiver.answer('/bounce', () => ({ status: 302, location: receiver.url('/landing') }))
    const down = await subscribe({ url: downUrl, kinds: ['people'] })
    const bouncing = await subscribe({ url: receiver.url('/bounce'), kinds: ['people'] })
    await payload.create({
      collection: 'people',
      data: { title: 'Prospero', slug: 'prospero', tenant: harbour.id },
    })

    await waitUntil({
      what: 'both subscriptions to be paused',
      timeoutMs: 20_000,
      check: async () => {
        const res = await harbourAdmin.get('/api/webhooks?where[kinds][in]=people&depth=0')
        return (res.body.docs as { active: boolean }[]).every((w) => !w.active)
      },
    })
    const paused = (await harbourAdmin.get(`/api/webhooks/${down.id}`)).body
    expect(paused.pausedReason).toMatch(/failed for .* without one success.*Could not connect/)
    const bounced = (await harbourAdmin.get(`/api/webhooks/${bouncing.id}`)).body
    expect(bounced.pausedReason).toMatch(/redirected \(302\); redirects are not followed/)
    // Redirects are not followed: the landing page never heard of it.
    expect(receiver.at('/landing')).toHaveLength(0)
    const attempts = receiver.at('/bounce').length
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(receiver.at('/bounce')).toHaveLength(attempts)

    // The receiver is fixed and the admin turns the subscription back on: the message arrives.
    receiver.answer('/bounce', () => 200)
    const resumed = await harbourAdmin.patch(`/api/webhooks/${bouncing.id}`, { active: true })
    expect(resumed.status).toBe(200)
    expect((resumed.body.doc as { pausedReason: string | null }).pausedReason ?? null).toBeNull()
    await arrived('/bounce', attempts + 1)
    const [delivery] = await deliveriesOf(bouncing.id)
    await waitUntil({
      what: 'the resumed delivery to be recorded',
      timeoutMs: 5_000,
      check: async () => (await deliveriesOf(bouncing.id))[0]?.state === 'succeeded',
    })
    expect(delivery).toBeDefined()
  })

  it('sends a delivery again by hand, a test message on request, and signs with a rotated secret', async () => {
    const { id, secret } = await subscribe({ url: receiver.url('/manual'), kinds: ['series'] })
    await payload.create({ collection: 'series', data: { title: 'Cycle', tenant: harbour.id } })
    await arrived('/manual', 1)
    await waitUntil({
      what: 'the first delivery to be recorded',
      timeoutMs: 5_000,
      check: async () => (await deliveriesOf(id))[0]?.state === 'succeeded',
    })
    const [first] = await deliveriesOf(id)
    const retried = await harbourAdmin.patch(`/api/webhook-deliveries/${first!.id}`, {
      retry: true,
      state: 'succeeded',
      attempts: 0,
    })
    expect(retried.status, JSON.stringify(retried.body)).toBe(200)
    await arrived('/manual', 2)
    expect(receiver.at('/manual')[1]!.headers['webhook-id']).toBe(first!.id)

    const test = await harbourAdmin.post(`/api/webhooks/${id}/test`)
    expect(test.status).toBe(200)
    expect(test.body).toMatchObject({ type: 'webhook.test', state: 'succeeded', lastStatus: 200 })
    expect(verified(receiver.at('/manual')[2]!, secret).type).toBe('webhook.test')

    const rotated = await harbourAdmin.post(`/api/webhooks/${id}/secret`)
    expect(rotated.status).toBe(200)
    const newSecret = String(rotated.body.secret)
    expect(newSecret).not.toBe(secret)
    await harbourAdmin.post(`/api/webhooks/${id}/test`)
    const last = receiver.at('/manual').at(-1)!
    expect(verified(last, newSecret).type).toBe('webhook.test')
    expect(() => verified(last, secret)).toThrow()
    // The secret is never read back.
    const stored = await harbourAdmin.get(`/api/webhooks/${id}`)
    expect(JSON.stringify(stored.body)).not.toContain(newSecret.slice(6, 20))
    expect(stored.body.secretCipher).toBeUndefined()
  })

  it('refuses targets the server must not call', async () => {
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'ftp://example.org/x',
      'https://user:pass@example.org/x',
      'not a url',
    ]) {
      const res = await harbourAdmin.post('/api/webhooks', { tenant: harbour.id, url })
      expect(res.status, url).toBe(400)
    }
  })
})

describe('webhooks through the partner API', () => {
  it('a partner subscribes, receives signed messages, reads the log, and is confined to its tenant', async () => {
    const harbourApi = partner({ origin: app.origin, tenant: 'wh-harbour', key: harbourWrite })
    const created = await harbourApi.call('POST', '/webhooks', {
      url: receiver.url('/partner'),
      kinds: ['organizations'],
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = String(created.body.id)
    const secret = String(created.body.secret)
    expect(created.headers.get('location')).toMatch(new RegExp(`/wh-harbour/webhooks/${id}$`))
    const org = await harbourApi.call('POST', '/organizations', { title: 'Guild', slug: 'guild' })
    expect(org.status).toBe(201)
    await arrived('/partner', 1)
    const message = verified(receiver.at('/partner')[0]!, secret)
    expect(message).toMatchObject({
      type: 'record.created',
      data: { kind: 'organizations', id: org.body.id, tenant: 'wh-harbour' },
    })
    // The secret is answered once: never in a read.
    const read = await harbourApi.call('GET', `/webhooks/${id}`)
    expect(read.status).toBe(200)
    expect(JSON.stringify(read.body)).not.toContain(secret)
    const list = await harbourApi.call('GET', '/webhooks')
    expect(JSON.stringify(list.body)).toContain(id)
    expect(JSON.stringify(list.body)).not.toContain('whsec_')
    await waitUntil({
      what: 'the delivery in the log',
      timeoutMs: 5_000,
      check: async () =>
        ((await harbourApi.call('GET', `/webhooks/${id}/deliveries`)).body.docs ?? []).some(
          (d) => d.state === 'succeeded',
        ),
    })
    // The tenant admin sees what the partner made, in the admin.
    expect((await harbourAdmin.get(`/api/webhooks/${id}`)).status).toBe(200)

    // A read key may not manage subscriptions; the globe's key reaches none of the harbour's.
    const reader = partner({ origin: app.origin, tenant: 'wh-harbour', key: harbourRead })
    expect((await reader.call('GET', '/webhooks')).status).toBe(403)
    const globeOnHarbour = partner({ origin: app.origin, tenant: 'wh-harbour', key: globeWrite })
    expect((await globeOnHarbour.call('GET', `/webhooks/${id}`)).status).toBe(403)
    const globeApi = partner({ origin: app.origin, tenant: 'wh-globe', key: globeWrite })
    for (const [method, path, body] of [
      ['GET', `/webhooks/${id}`],
      ['PATCH', `/webhooks/${id}`, { url: receiver.url('/stolen') }],
      ['POST', `/webhooks/${id}/rotate-secret`],
      ['POST', `/webhooks/${id}/test`],
      ['GET', `/webhooks/${id}/deliveries`],
      ['DELETE', `/webhooks/${id}`],
    ] as const)
      expect((await globeApi.call(method, path, body)).status, `${method} ${path}`).toBe(404)
    expect(JSON.stringify((await globeApi.call('GET', '/webhooks')).body)).not.toContain(id)
    expect(receiver.at('/stolen')).toHaveLength(0)
    expect((await harbourApi.call('GET', `/webhooks/${id}`)).body.url).toBe(
      receiver.url('/partner'),
    )

    expect((await harbourApi.call('DELETE', `/webhooks/${id}`)).status).toBe(204)
    await harbourApi.call('PATCH', `/organizations/${String(org.body.id)}`, { title: 'Guild II' })
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(receiver.at('/partner')).toHaveLength(1)
  })
})

describe('webhook queue health', () => {
  it("a deleted tenant's undelivered messages do not stall the queue for the others", async () => {
    const gone = await createTenant({ payload, slug: 'wh-gone' })
    const hook = await payload.create({
      collection: 'webhooks',
      data: { tenant: gone.id, url: 'https://hooks.example.org/gone', active: true },
    })
    const db = postgresOf(payload).drizzle
    // The tenant is gone first: rows written while it still existed could be claimed (and
    // sent) before they became orphans.
    await db.execute(sql`update webhooks set tenant_id = null where id = ${hook.id}`)
    // More orphans than a worker's whole batch, due before anything else.
    for (let i = 0; i < 8; i++)
      await db.execute(sql`
        insert into webhook_deliveries (tenant_id, webhook_id, type, fields, changed_at, state,
          attempts, next_attempt_at, updated_at, created_at)
        values (null, ${hook.id}, 'webhook.test', '[]'::jsonb, now(), 'pending', 0,
          now() - interval '1 day', now(), now())`)
    const live = await subscribe({ url: receiver.url('/after-orphans'), kinds: ['works'] })
    await payload.create({ collection: 'works', data: { title: 'Still sent', tenant: harbour.id } })
    await arrived('/after-orphans', 1)
    expect(live.id).toBeTruthy()
    const orphans = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from webhook_deliveries where webhook_id = ${hook.id} and state = 'pending'`,
    )
    expect(orphans.rows[0]?.n).toBe(8)
  })
})

describe('webhook limits', () => {
  it('a tenant holds a bounded number of subscriptions', async () => {
    const globeApi = partner({ origin: app.origin, tenant: 'wh-globe', key: globeWrite })
    for (let i = 0; i < 15; i++) {
      const res = await globeApi.call('POST', '/webhooks', {
        url: `https://hooks.example.org/${i}`,
        active: false,
      })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
    }
    const over = await globeApi.call('POST', '/webhooks', { url: 'https://hooks.example.org/16' })
    expect(over.status).toBe(400)
    expect(JSON.stringify(over.body)).toMatch(/at most 15 webhook subscriptions/)
    const { totalDocs } = await payload.count({
      collection: 'webhooks',
      where: { tenant: { equals: globe.id } },
    })
    expect(totalDocs).toBe(15)
    for (const doc of (await globeApi.call('GET', '/webhooks')).body.docs ?? [])
      expect((await globeApi.call('DELETE', `/webhooks/${String(doc.id)}`)).status).toBe(204)
  })

  it('finished deliveries leave the log after its retention; waiting ones stay', async () => {
    const db = postgresOf(payload).drizzle
    const { rows } = await db.execute<{ id: string; state: string }>(
      sql`select id, state from webhook_deliveries where tenant_id = ${harbour.id} limit 4`,
    )
    expect(rows.length).toBeGreaterThanOrEqual(2)
    const finished = rows[0]!
    const waiting = rows[1]!
    await db.execute(sql`
      update webhook_deliveries set updated_at = now() - interval '40 days',
        state = case when id = ${finished.id} then 'succeeded'::enum_webhook_deliveries_state
          else 'pending'::enum_webhook_deliveries_state end,
        next_attempt_at = now() + interval '1 day'
      where id in (${finished.id}, ${waiting.id})`)
    expect(await pruneDeliveryLog({ payload, retentionDays: 30 })).toBeGreaterThanOrEqual(1)
    const left = await db.execute<{ id: string }>(
      sql`select id from webhook_deliveries where id in (${finished.id}, ${waiting.id})`,
    )
    expect(left.rows.map((r) => r.id)).toEqual([waiting.id])
  })
})

describe('webhook isolation', () => {
  let harbourHook: string
  let harbourDelivery: string
  beforeAll(async () => {
    harbourHook = (await subscribe({ url: receiver.url('/isolation'), kinds: ['seasons'] })).id
    await payload.create({ collection: 'seasons', data: { title: '2027', tenant: harbour.id } })
    await arrived('/isolation', 1)
    harbourDelivery = (await deliveriesOf(harbourHook))[0]!.id
  })

  it("another tenant's admin neither sees nor changes the harbour's subscriptions or deliveries", async () => {
    for (const path of [
      `/api/webhooks/${harbourHook}`,
      `/api/webhook-deliveries/${harbourDelivery}`,
    ])
      expect([403, 404]).toContain((await globeAdmin.get(path)).status)
    expect(JSON.stringify((await globeAdmin.get('/api/webhooks?limit=100')).body)).not.toContain(
      harbourHook,
    )
    expect(
      JSON.stringify((await globeAdmin.get('/api/webhook-deliveries?limit=100')).body),
    ).not.toContain(harbourDelivery)
    const gql = await globeAdmin.graphql(
      '{ Webhooks { docs { id url } } WebhookDeliveries { docs { id } } }',
    )
    expect(JSON.stringify(gql.body)).not.toContain(harbourHook)
    expect(JSON.stringify(gql.body)).not.toContain(harbourDelivery)
    for (const res of [
      await globeAdmin.patch(`/api/webhooks/${harbourHook}`, { url: receiver.url('/stolen') }),
      await globeAdmin.post(`/api/webhooks/${harbourHook}/secret`),
      await globeAdmin.post(`/api/webhooks/${harbourHook}/test`),
      await globeAdmin.patch(`/api/webhook-deliveries/${harbourDelivery}`, { retry: true }),
      await globeAdmin.delete(`/api/webhooks/${harbourHook}`),
    ])
      expect([403, 404]).toContain(res.status)
    // Nor can the globe's admin make one for the harbour.
    const planted = await globeAdmin.post('/api/webhooks', {
      tenant: harbour.id,
      url: receiver.url('/stolen'),
    })
    expect([400, 403]).toContain(planted.status)
    expect(receiver.at('/stolen')).toHaveLength(0)
    const still = (await harbourAdmin.get(`/api/webhooks/${harbourHook}`)).body
    expect(still.url).toBe(receiver.url('/isolation'))
  })

  it('editors and tenant admins of other tenants only: webhooks are tenant-admin settings', async () => {
    expect([403, 404]).toContain((await harbourEditor.get(`/api/webhooks/${harbourHook}`)).status)
    const list = await harbourEditor.get('/api/webhooks')
    expect(JSON.stringify(list.body)).not.toContain(harbourHook)
    const made = await harbourEditor.post('/api/webhooks', {
      tenant: harbour.id,
      url: receiver.url('/stolen'),
    })
    expect([401, 403]).toContain(made.status)
    // The harbour's admin edits for the globe, and still makes no subscription there.
    const crossed = await harbourAdmin.post('/api/webhooks', {
      tenant: globe.id,
      url: receiver.url('/stolen'),
    })
    expect([400, 403]).toContain(crossed.status)
    const { totalDocs } = await payload.count({
      collection: 'webhooks',
      where: { tenant: { equals: globe.id } },
    })
    expect(totalDocs).toBe(0)
  })
})
