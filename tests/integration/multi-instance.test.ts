import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freePort } from '../../src/db/embeddedPostgres'
import { postgresOf } from '../../src/db/postgres'
import type { Tenant } from '../../src/payload-types'
import { signIn } from '../helpers/admin'
import { startApp, waitUntil, type RunningApp } from '../helpers/app'
import { startBalancer, type Balancer } from '../helpers/balancer'
import { createKey, partner, partnerBase } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'
import { startReceiver } from '../helpers/receiver'
import { startReplica, type StreamingReplica } from '../helpers/replica'
import { startS3Server, type S3Server } from '../helpers/s3Server'
import { makeImage } from '../../src/seed/images'
import { createTenant, createUser } from '../helpers/tenants'

/**
 * Three production instances on one PostgreSQL and its streaming replica, behind a real nginx
 * (round robin, retries of idempotent requests only), checked as an operator would: what one
 * instance writes every other reads at once, shared work happens once, a key's limit and
 * revocation hold across all of them, and an instance or the replica that dies loses no
 * acknowledged write and leaves every client answered.
 */
let payload: Payload
const apps: RunningApp[] = []
let balancer: Balancer
let replica: StreamingReplica
let s3: S3Server
/** Each instance's own data folder: nothing on one's disk can serve another. */
const dataDirs: string[] = []
const metricsPorts: number[] = []
let receiver: Awaited<ReturnType<typeof startReceiver>>
let theatre: Tenant
let key = ''
const slug = 'mi-theatre'
const password = 'multi-instance-password'

/** A GET from another loopback address than the balancer's (127.0.0.1, the one trusted). */
const getFrom = ({
  localAddress,
  url,
  headers,
}: {
  localAddress: string
  url: string
  headers: Record<string, string>
}): Promise<{ status: number; requestId: string; body: string }> =>
  new Promise((resolve, reject) => {
    const req = http.get(url, { localAddress, headers, agent: false }, (res) => {
      let body = ''
      res.on('data', (c: Buffer) => (body += c.toString()))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          requestId: String(res.headers['x-request-id'] ?? ''),
          body,
        }),
      )
    })
    req.on('error', reject)
  })

const failedAuthLimit = 4

const via = (origin: string, k = key) => partner({ origin, tenant: slug, key: k, drafts: true })
/** How many other instances the instance serving metrics on `port` counts as its peers. */
const peersOf = async (port: number): Promise<number | undefined> => {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()
  const line = text.split('\n').find((l) => l.startsWith('cms_partner_cache_peers '))
  return line === undefined ? undefined : Number(line.split(' ')[1])
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const hostOf = (origin: string) => new URL(origin).host

beforeAll(async () => {
  payload = await getTestPayload()
  receiver = await startReceiver()
  theatre = await createTenant({ payload, slug })
  key = await createKey({ payload, tenants: [theatre], scope: 'write' })
  await createUser({
    payload,
    email: 'mi-admin@example.com',
    password,
    tenants: [{ tenant: theatre, roles: ['tenant-admin'] }],
  })
  replica = await startReplica({ primaryUri: process.env.DATABASE_URI ?? '' })
  s3 = await startS3Server()
  const env = {
    ...s3.env,
    DATABASE_READ_URIS: replica.connectionString,
    DATABASE_READ_PROBE_MS: '200',
    DATABASE_READ_CONNECT_TIMEOUT_MS: '500',
    WEBHOOK_DELIVERY: 'on',
    WEBHOOK_ALLOWED_HOSTS: receiver.host,
    SCHEDULE_POLL_MS: '250',
    // The balancer is the only trusted peer: the test's clients come from 127.0.0.2 and .3.
    TRUSTED_PROXIES: '127.0.0.1',
    PARTNER_FAILED_AUTH_PER_MINUTE: String(failedAuthLimit),
  }
  // One at a time: three migrating starts at once would only queue on the migration lock.
  for (let i = 0; i < 3; i++) {
    dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), `cms-instance-${i}-`)))
    metricsPorts.push(await freePort())
    apps.push(
      await startApp({
        env: { ...env, CMS_DATA_DIR: dataDirs[i]!, METRICS_PORT: String(metricsPorts[i]) },
      }),
    )
  }
  balancer = await startBalancer({ upstreams: apps.map((a) => hostOf(a.origin)) })
})

afterAll(async () => {
  await balancer?.stop()
  await Promise.all(apps.map((app) => app.stop()))
  await receiver?.close()
  await replica?.remove()
  await s3?.close()
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true })
})

describe('three instances behind a balancer', () => {
  it('spreads requests over every instance', async () => {
    const before = balancer.accessLog().length
    for (let i = 0; i < 12; i++)
      expect((await via(balancer.origin).list('venues')).status).toBe(200)
    const used = new Set(
      (await balancer.loggedSince({ from: before, count: 12 })).map((line) => line.split(' ')[0]),
    )
    expect([...used].sort()).toEqual(apps.map((a) => hostOf(a.origin)).sort())
  })

  it("counts a client behind the balancer by its own address, and answers with the balancer's request id", async () => {
    const url = `${balancer.origin}${partnerBase}/${slug}/venues`
    const before = balancer.accessLog().length
    const statuses: number[] = []
    // A client with a bad key, claiming a new address each time: nginx adds the address it
    // sees, the only one the instances believe.
    for (let i = 0; i < 3 * failedAuthLimit + 3; i++) {
      const res = await getFrom({
        localAddress: '127.0.0.2',
        url,
        headers: { authorization: 'Bearer cms_bad_key', 'x-forwarded-for': `203.0.113.${i}` },
      })
      statuses.push(res.status)
      expect(JSON.parse(res.body).requestId).toBe(res.requestId)
    }
    // Each instance counts failures on its own: three instances, three budgets, then 429s.
    expect(statuses.filter((s) => s === 401).length).toBe(3 * failedAuthLimit)
    expect(statuses.slice(-3)).toEqual([429, 429, 429])
    // Its neighbour at another address is not held for it, nor a valid key at the same one.
    const neighbour = await getFrom({
      localAddress: '127.0.0.3',
      url,
      headers: { authorization: 'Bearer cms_bad_key' },
    })
    expect(neighbour.status).toBe(401)
    const valid = await getFrom({
      localAddress: '127.0.0.2',
      url,
      headers: { authorization: `Bearer ${key}` },
    })
    expect(valid.status).toBe(200)
    // The id on each answer is the one nginx made and logged for it.
    const logged = (await balancer.loggedSince({ from: before, count: statuses.length + 2 })).map(
      (line) => line.split(' ').at(-1),
    )
    expect(logged.at(-1)).toBe(valid.requestId)
    expect(valid.requestId).toMatch(/^[0-9a-f]{32}$/)
  })

  it('serves a file uploaded through one instance, and its record, through every other', async () => {
    const png = Buffer.from(await makeImage({ width: 1300, height: 800, label: 'Shared' }))
    const body = new FormData()
    body.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'poster.png')
    body.append('alt', 'Poster')
    const made = await via(apps[0]!.origin).create('media', body)
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const id = String(made.body.id)
    const names = [
      String(made.body.filename),
      ...Object.values(made.body.sizes as Record<string, { filename: string }>).map(
        (size) => size.filename,
      ),
    ]
    expect(names).toHaveLength(3)
    // In the bucket under the tenant, on no instance's disk.
    const keys = await s3.keys(`${theatre.id}/`)
    for (const name of names) expect(keys).toContain(`${theatre.id}/${name}`)
    for (const dir of dataDirs)
      for (const name of names) expect(fs.existsSync(path.join(dir, 'media', name))).toBe(false)
    for (const app of [...apps.slice(1), { origin: balancer.origin }]) {
      const read = await via(app.origin).get('media', id)
      expect(read.status).toBe(200)
      expect(read.body.url).toBe(made.body.url)
      const file = await fetch(`${app.origin}/api/media/file/${names[0]}`)
      expect(file.status).toBe(200)
      expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true)
      for (const name of names.slice(1))
        expect((await fetch(`${app.origin}/api/media/file/${name}`)).status).toBe(200)
    }
  })

  it('reads a write through one instance at once through the others, cached answers included', async () => {
    const created = await via(apps[0]!.origin).create('venues', { title: 'Round 0' })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = String(created.body.id)
    let stale = 0
    for (let round = 1; round <= 30; round++) {
      const writer = apps[round % 3]!
      const readers = apps.filter((a) => a !== writer)
      // Every reader holds the record in its cache before the write.
      for (const reader of readers) await via(reader.origin).get('venues', id)
      const written = await via(writer.origin).update('venues', id, { title: `Round ${round}` })
      expect(written.status).toBe(200)
      for (const reader of readers) {
        const read = await via(reader.origin).get('venues', id)
        if (read.body.title !== `Round ${round}`) stale++
        expect(read.headers.get('etag')).toBe(written.headers.get('etag'))
      }
      // A query no instance has cached: read from the replica unless it lacks the write.
      const listed = await via(readers[0]!.origin).list(
        'venues',
        `?where[title][equals]=Round%20${round}`,
      )
      expect(listed.body.docs?.map((d) => d.id)).toEqual([id])
    }
    expect(stale).toBe(0)
  })

  it('delivers each webhook message once, whichever instance took the write', async () => {
    const hook = await via(apps[0]!.origin).call('POST', '/webhooks', {
      url: receiver.url('/once'),
    })
    expect(hook.status, JSON.stringify(hook.body)).toBe(201)
    const ids: string[] = []
    for (let i = 0; i < 9; i++) {
      const made = await via(apps[i % 3]!.origin).create('venues', { title: `Hooked ${i}` })
      expect(made.status).toBe(201)
      ids.push(String(made.body.id))
    }
    await waitUntil({
      what: `9 messages at /once (have ${receiver.at('/once').length})`,
      timeoutMs: 30_000,
      check: async () => receiver.at('/once').length >= 9,
    })
    // Every instance's worker polls; give a second one every chance to send again.
    await sleep(2_000)
    const arrived = receiver.at('/once')
    expect(arrived).toHaveLength(9)
    expect(new Set(arrived.map((r) => r.headers['webhook-id'])).size).toBe(9)
    const recordIds = arrived.map((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id)
    expect(recordIds.sort()).toEqual([...ids].sort())
  })

  it('runs a scheduled publish once across instances', async () => {
    const drafts: string[] = []
    for (let i = 0; i < 4; i++) {
      const draft = await via(balancer.origin).create('events', {
        title: `Opening ${i}`,
        _status: 'draft',
      })
      expect(draft.status).toBe(201)
      drafts.push(String(draft.body.id))
    }
    const at = new Date(Date.now() + 1_500).toISOString()
    for (const record of drafts) {
      const change = await via(balancer.origin).call('POST', '/scheduled-changes', {
        kind: 'events',
        record,
        action: 'publish',
        at,
      })
      expect(change.status, JSON.stringify(change.body)).toBe(201)
    }
    for (const record of drafts)
      await waitUntil({
        what: `event ${record} published`,
        timeoutMs: 20_000,
        check: async () =>
          (await via(balancer.origin).get('events', record)).body._status === 'published',
      })
    await sleep(1_500)
    for (const record of drafts) {
      const { rows } = await postgresOf(payload).drizzle.execute<{ event: string }>(
        sql`select event from change_log where record_id = ${record} order by seq`,
      )
      expect(rows.map((r) => r.event)).toEqual(['created', 'published'])
    }
  })

  it("counts a key's requests to every instance against one limit", async () => {
    const limited = await createKey({
      payload,
      tenants: [theatre],
      scope: 'read',
      rateLimit: 30,
    })
    const statuses: number[] = []
    // The limit is per calendar minute: a minute's turn in the middle would open a second
    // window. The requests take a few seconds, so they start early in a minute.
    const intoMinute = Date.now() % 60_000
    if (intoMinute > 45_000) await sleep(60_500 - intoMinute)
    // 60 requests, 20 to each instance: each alone is under the limit, together they are not.
    for (let i = 0; i < 60; i++) {
      statuses.push((await via(apps[i % 3]!.origin, limited).list('venues')).status)
      await sleep(20)
    }
    const ok = statuses.filter((s) => s === 200).length
    const refused = statuses.filter((s) => s === 429).length
    expect(ok + refused).toBe(60)
    // Near the limit every instance counts in PostgreSQL before it answers: at most one more
    // gets through than the limit, from an instance whose view was a gathering late.
    expect(ok).toBeGreaterThanOrEqual(30)
    expect(ok).toBeLessThanOrEqual(31)
  })

  it('refuses a key revoked on one instance on every instance within a second', async () => {
    const doc = await payload.create({
      collection: 'api-keys',
      data: { name: 'doomed', tenants: [theatre.id], scope: 'read' },
    })
    const doomed = (doc as unknown as { key: string }).key
    // Each instance has the key in its cache.
    for (const app of apps) expect((await via(app.origin, doomed).list('venues')).status).toBe(200)
    const admin = await signIn({ origin: apps[0]!.origin, email: 'mi-admin@example.com', password })
    const revoked = await admin.patch(`/api/api-keys/${doc.id}`, { revoked: true })
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200)
    const startedAt = Date.now()
    for (const app of apps.slice(1))
      await waitUntil({
        what: `the revoked key refused by ${app.origin}`,
        timeoutMs: 1_000,
        intervalMs: 20,
        check: async () => (await via(app.origin, doomed).list('venues')).status === 401,
      })
    expect(Date.now() - startedAt).toBeLessThan(1_000)
  })

  it('reads from the replica, and answers every read when the replica is killed under load', async () => {
    const rows = await replica.query<{ n: string }>(
      `select count(*)::text as n from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()`,
    )
    // Every instance holds connections to the replica: reads are sent there.
    expect(Number(rows[0]?.n)).toBeGreaterThan(0)
    const statuses: number[] = []
    const until = Date.now() + 3_000
    const reader = async (n: number): Promise<void> => {
      for (let i = 0; Date.now() < until; i++)
        statuses.push(
          (await via(balancer.origin).list('venues', `?limit=3&where[title][not_equals]=${n}-${i}`))
            .status,
        )
    }
    const load = Promise.all([0, 1, 2].map(reader))
    await sleep(1_000)
    await replica.kill()
    await load
    expect(statuses.length).toBeGreaterThan(20)
    expect(statuses.filter((s) => s !== 200)).toEqual([])
  })

  it('keeps every acknowledged write when an instance is killed under load, and still answers', async () => {
    const victim = apps[2]!
    const acknowledged: string[] = []
    const failures: number[] = []
    let afterKill = 0
    let killed = false
    const until = Date.now() + 6_000
    const client = async (n: number): Promise<void> => {
      for (let i = 0; Date.now() < until; i++) {
        const made = await via(balancer.origin)
          .create('venues', { title: `Load ${n}-${i}` })
          .catch(() => ({ status: 0, body: {} as Record<string, unknown> }))
        if (made.status === 201) {
          acknowledged.push(String(made.body.id))
          if (killed) afterKill++
        } else failures.push(made.status)
      }
    }
    const load = Promise.all([0, 1, 2, 3].map(client))
    await sleep(2_000)
    await victim.stop('SIGKILL')
    killed = true
    await load
    expect(acknowledged.length).toBeGreaterThan(20)
    // The others went on answering; only requests the victim held when it died can fail.
    expect(afterKill).toBeGreaterThan(10)
    expect(failures.length).toBeLessThanOrEqual(4)
    const { rows } = await postgresOf(payload).drizzle.execute<{ id: string }>(
      sql`select id from venues where id = any(${`{${acknowledged.join(',')}}`}::uuid[])`,
    )
    expect(rows.length).toBe(acknowledged.length)
  })

  it('finishes the requests an instance holds when it is stopped, and the balancer moves on', async () => {
    const leaving = apps[1]!
    const statuses: number[] = []
    const until = Date.now() + 3_000
    const reader = async (): Promise<void> => {
      while (Date.now() < until)
        statuses.push(
          await fetch(`${balancer.origin}${partnerBase}/${slug}/venues?limit=5`, {
            headers: { authorization: `Bearer ${key}` },
          }).then(
            async (res) => {
              await res.arrayBuffer()
              return res.status
            },
            () => 0,
          ),
        )
    }
    const load = Promise.all([reader(), reader(), reader()])
    await sleep(800)
    // The killed instance is still counted: it left without a word, and a peer taken for gone
    // while it still wrote would let stale cached answers through.
    expect(await peersOf(metricsPorts[0]!)).toBe(2)
    expect(await leaving.stop('SIGTERM')).toBe(0)
    await load
    expect(statuses.length).toBeGreaterThan(30)
    expect(statuses.filter((s) => s !== 200)).toEqual([])
    // The balancer's kept-alive connections kept bringing requests: each was answered and its
    // connection closed after it, so the stop drained rather than cutting requests off.
    expect(leaving.output()).toContain('requests drained')
    expect(leaving.output()).not.toContain('requests still open after')
  })
})
