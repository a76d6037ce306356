import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/db/embeddedPostgres'
import type { WebhookMessage as Message } from '../../src/plugins/webhooks/delivery/message'
import { startApp, waitUntil, type RunningApp } from '../helpers/app'
import { partner } from '../helpers/partner'
import { startReceiver, type Receiver } from '../helpers/receiver'
import { firstUser } from '../helpers/rest'

/**
 * Webhooks under what servers suffer, on a cluster of its own: two app instances delivering
 * from one database, an instance killed in the middle of a delivery, and a PostgreSQL restart
 * in the middle of a burst of writes. Checked against what the receiver got.
 */
describe('webhook deliveries survive instances and restarts', () => {
  let dataDir: string
  let cluster: EmbeddedPostgres
  let receiver: Receiver
  const apps: RunningApp[] = []
  let key = ''
  let secret = ''
  let webhookId = ''
  let hangNext = false

  const env = (): Record<string, string> => ({
    WEBHOOK_DELIVERY: 'on',
    WEBHOOK_ALLOWED_HOSTS: receiver.host,
    WEBHOOK_TIMEOUT_MS: '2000',
    WEBHOOK_RETRY_DELAYS_MS: '200,500,1000,1000,1000,1000,1000,1000,1000,1000,1000,1000',
    DB_CONNECT_TIMEOUT_MS: '1000',
  })
  const start = async (): Promise<RunningApp> => {
    const app = await startApp({ databaseUri: cluster.connectionString, env: env() })
    apps.push(app)
    return app
  }
  const api = (app: RunningApp) => partner({ origin: app.origin, tenant: 'durable', key })
  const messages = (): { id: string; message: Message }[] =>
    receiver.at('/durable').map((r) => ({
      id: r.headers['webhook-id'] ?? '',
      message: new Webhook(secret).verify(r.body, r.headers) as Message,
    }))

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arts-cms-webhooks-'))
    fs.chmodSync(dataDir, 0o755)
    cluster = await startEmbeddedPostgres({ dataDir })
    receiver = await startReceiver()
    receiver.answer('/durable', () => {
      if (!hangNext) return 200
      hangNext = false
      return 'hang'
    })
    const first = await start()
    await start()
    const { token } = await firstUser({ origin: first.origin })
    const headers = { 'content-type': 'application/json', authorization: `JWT ${token}` }
    const tenant = await fetch(`${first.origin}/api/tenants`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Durable', slug: 'durable' }),
    }).then((r) => r.json() as Promise<{ doc: { id: string } }>)
    key = await fetch(`${first.origin}/api/api-keys`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'mirror', tenants: [tenant.doc.id], scope: 'write' }),
    })
      .then((r) => r.json() as Promise<{ doc: { key: string } }>)
      .then((body) => body.doc.key)
    const created = await api(first).call('POST', '/webhooks', {
      url: receiver.url('/durable'),
      kinds: ['events'],
    })
    expect(created.status).toBe(201)
    secret = String(created.body.secret)
    webhookId = String(created.body.id)
  })

  afterAll(async () => {
    for (const app of apps) await app.stop('SIGKILL')
    await receiver?.close()
    await cluster?.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('two instances share the work: every change arrives once, each record in order', async () => {
    const [a, b] = apps as [RunningApp, RunningApp]
    const ids: string[] = []
    for (let i = 0; i < 10; i++) {
      const res = await api(i % 2 ? a : b).call('POST', '/events', {
        title: `Night ${i}`,
        slug: `night-${i}`,
        _status: 'published',
      })
      expect(res.status).toBe(201)
      ids.push(String(res.body.id))
    }
    for (const round of [1, 2])
      await Promise.all(
        ids.map((id, i) =>
          api((i + round) % 2 ? a : b).call('PATCH', `/events/${id}`, {
            title: `Night ${i}.${round}`,
          }),
        ),
      )
    await waitUntil({
      what: `30 messages (have ${receiver.at('/durable').length})`,
      timeoutMs: 30_000,
      check: async () => new Set(messages().map((m) => m.id)).size >= 30,
    })
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const got = messages()
    // Once each: a receiver answering 2xx at once never gets a message twice.
    expect(got).toHaveLength(30)
    expect(new Set(got.map((m) => m.id)).size).toBe(30)
    const inOrder = await api(a).call('GET', '/changes?kind=events&limit=1000')
    const order = (inOrder.body.changes as { cursor: string }[]).map((c) => c.cursor)
    for (const id of ids) {
      const sequence = got
        .filter((m) => m.message.data.id === id)
        .map((m) => ({
          type: m.message.type,
          // Cursors are opaque; the feed lists them in order, and a message carries its change's.
          seq: order.indexOf(m.message.data.change ?? ''),
        }))
      expect(sequence.map((m) => m.type)).toEqual([
        'record.created',
        'record.updated',
        'record.updated',
      ])
      expect(sequence.every((m) => m.seq >= 0)).toBe(true)
      expect(sequence.map((m) => m.seq)).toEqual(
        [...sequence.map((m) => m.seq)].sort((x, y) => x - y),
      )
    }
    // The same changes as the change log has.
    const feed = await api(a).call('GET', '/changes?kind=events&limit=1000')
    const logged = (feed.body.changes as { id: string; event: string }[]).map(
      (c) => `${c.id} ${c.event}`,
    )
    expect(got.map((m) => `${m.message.data.id} ${m.message.type.split('.')[1]}`).sort()).toEqual(
      logged.sort(),
    )
  })

  it('an instance killed mid-delivery leaves the message to be sent again after a restart', async () => {
    const [a] = apps as [RunningApp]
    const before = receiver.at('/durable').length
    hangNext = true
    const res = await api(a).call('POST', '/events', {
      title: 'Cut short',
      slug: 'cut-short',
      _status: 'published',
    })
    expect(res.status).toBe(201)
    await waitUntil({
      what: 'the delivery to reach the receiver',
      timeoutMs: 10_000,
      check: async () => receiver.at('/durable').length > before,
    })
    const cut = receiver.at('/durable')[before]!.headers['webhook-id']
    for (const app of apps.splice(0)) await app.stop('SIGKILL')
    const c = await start()
    await waitUntil({
      what: 'the message again, from the restarted installation',
      timeoutMs: 30_000,
      check: async () =>
        receiver.at('/durable').filter((r) => r.headers['webhook-id'] === cut).length >= 2,
    })
    const log = await api(c).call('GET', `/webhooks/${webhookId}/deliveries?limit=1`)
    await waitUntil({
      what: 'the delivery recorded as succeeded',
      timeoutMs: 5_000,
      check: async () =>
        (await api(c).call('GET', `/webhooks/${webhookId}/deliveries?limit=1`)).body.docs?.[0]
          ?.state === 'succeeded',
    })
    expect(log.status).toBe(200)
  })

  it('a PostgreSQL restart during a burst of writes loses no message of an acknowledged write', async () => {
    const [c] = apps as [RunningApp]
    const acknowledged: string[] = []
    let restart: Promise<void> | undefined
    await Promise.all(
      Array.from({ length: 4 }, async (_, worker) => {
        for (let i = 0; i < 8; i++) {
          if (worker === 0 && i === 2) restart = cluster.restart()
          const res = await api(c)
            .call('POST', '/events', {
              title: `Burst ${worker}.${i}`,
              slug: `burst-${worker}-${i}`,
              _status: 'published',
            })
            .catch(() => undefined)
          if (res?.status === 201) acknowledged.push(String(res.body.id))
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      }),
    )
    await restart
    expect(acknowledged.length).toBeGreaterThan(0)
    await waitUntil({
      what: 'a message for every acknowledged create',
      timeoutMs: 60_000,
      check: async () => {
        const told = new Set(
          messages()
            .filter((m) => m.message.type === 'record.created')
            .map((m) => m.message.data.id),
        )
        return acknowledged.every((id) => told.has(id))
      },
    })
  })
})
