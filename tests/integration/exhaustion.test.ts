import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { postgresOf } from '../../src/db/postgres'
import type { Tenant } from '../../src/payload-types'
import { makeImage } from '../../src/seed/images'
import { adminClient, signIn, type AdminClient } from '../helpers/admin'
import { startApp, waitUntil, type RunningApp } from '../helpers/app'
import { createKey, partner } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'
import { createTenant, createUser } from '../helpers/tenants'

/** Requests that used to hang a request, a connection or the whole server. */
let app: RunningApp
let payload: Payload
let tenant: Tenant
let editor: AdminClient
let key: string
const password = 'exhaustion-password-1'

beforeAll(async () => {
  payload = await getTestPayload()
  tenant = await createTenant({ payload, slug: 'exhaust' })
  await createUser({
    payload,
    email: 'exhaust-editor@example.com',
    password,
    tenants: [{ tenant, roles: ['editor'] }],
  })
  key = await createKey({ payload, tenants: [tenant], scope: 'write' })
  app = await startApp({
    env: {
      MEDIA_FETCH_TIMEOUT_MS: '1500',
      MEDIA_FETCH_ALLOWED_HOSTS: '',
      REQUEST_BODY_LIMIT_BYTES: '1048576',
      PARTNER_FAILED_AUTH_PER_MINUTE: '5',
      API_KEYS_PER_TENANT: '3',
    },
  })
  editor = await signIn({ origin: app.origin, email: 'exhaust-editor@example.com', password })
})

afterAll(async () => {
  await app?.stop()
})

describe('page parents', () => {
  it('refuses a cycle made through a draft, and the server keeps answering', async () => {
    const page = async (title: string, extra: Record<string, unknown> = {}) => {
      const res = await editor.post('/api/pages?depth=0', { tenant: tenant.id, title, ...extra })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      return (res.body.doc as { id: string }).id
    }
    const p = await page('Cycle P', { _status: 'published' })
    const r = await page('Cycle R', { _status: 'published' })
    const q = await page('Cycle Q', { parent: r, _status: 'draft' })
    // A draft is saved through the same route with ?draft=true.
    expect((await editor.patch(`/api/pages/${r}?depth=0`, { parent: p })).status).toBe(200)
    const cycle = await Promise.race([
      editor.patch(`/api/pages/${p}?depth=0`, { parent: q }),
      new Promise<{ status: number }>((resolve) =>
        setTimeout(() => resolve({ status: -1 }), 20_000),
      ),
    ])
    expect(cycle.status).toBe(400)
    const stored = await payload.findByID({ collection: 'pages', id: p, depth: 0 })
    expect(stored.parent ?? null).toBeNull()
    expect((await fetch(`${app.origin}/api/ready`)).status).toBe(200)
    // Directly under itself, too.
    expect((await editor.patch(`/api/pages/${p}?depth=0`, { parent: p })).status).toBe(400)

    // A draft that drops its parent does not hide the published one the breadcrumbs follow.
    const a = await page('Cycle A', { _status: 'published' })
    const b = await page('Cycle B', { parent: a, _status: 'published' })
    expect(
      (await editor.patch(`/api/pages/${b}?draft=true&depth=0`, { parent: null })).status,
    ).toBe(200)
    const through = await Promise.race([
      editor.patch(`/api/pages/${a}?depth=0`, { parent: b, _status: 'published' }),
      new Promise<{ status: number }>((resolve) =>
        setTimeout(() => resolve({ status: -1 }), 20_000),
      ),
    ])
    expect(through.status).toBe(400)
    expect((await fetch(`${app.origin}/api/ready`)).status).toBe(200)
  })
})

describe('the database', () => {
  it('ends a statement that runs too long and a transaction left idle', async () => {
    const db = payload.db as unknown as PostgresAdapter
    const timeouts = await db.drizzle.execute<{ statement_timeout: string }>(
      sql`select current_setting('statement_timeout') as statement_timeout, current_setting('idle_in_transaction_session_timeout') as idle`,
    )
    expect(timeouts.rows[0]).toEqual({ statement_timeout: '30s', idle: '1min' })
  })

  it('runs a statement again unnamed when a migration changed the table under its name', async () => {
    const pool = postgresOf(payload).pool
    await pool.query('create table stale_names (title varchar(20))')
    await pool.query("insert into stale_names values ('Hamlet')")
    const read = () =>
      pool.query<{ title: string }>('select title from stale_names where title = $1', ['Hamlet'])
    // Named from its third run; every connection of the pool prepares it.
    for (let run = 0; run < 12; run++) expect((await read()).rows).toEqual([{ title: 'Hamlet' }])
    await pool.query('alter table stale_names alter column title type text')
    for (let run = 0; run < 12; run++) expect((await read()).rows).toEqual([{ title: 'Hamlet' }])
    await pool.query('drop table stale_names')
  })

  it('plans a statement run by name afresh each time, not once on a table that was still empty', async () => {
    const { rows } = await postgresOf(payload).pool.query<{ plan_cache_mode: string }>(
      'show plan_cache_mode',
    )
    expect(rows[0]?.plan_cache_mode).toBe('force_custom_plan')
  })

  it("gives every connection of the pool back when nothing runs (Payload's connect kept one)", async () => {
    const pool = postgresOf(payload).pool
    await pool.query('select 1')
    // Background work of this process (a scheduled sweep) may hold one for a moment.
    await waitUntil({
      what: 'every connection of the pool idle',
      timeoutMs: 5_000,
      intervalMs: 50,
      check: async () => pool.totalCount > 0 && pool.totalCount === pool.idleCount,
    })
  })
})

describe('bodies on every route', () => {
  it('answers 413 before reading an oversized body on Payload’s REST and GraphQL routes, even anonymously', async () => {
    const big = JSON.stringify({ title: 'x'.repeat(3 * 1024 * 1024) })
    for (const path of ['/api/events', '/api/graphql', '/api/users/login', '/admin']) {
      const res = await fetch(`${app.origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: big,
      })
      expect(res.status, path).toBe(413)
      expect(res.headers.get('content-type')).toMatch(/problem\+json/)
    }
    // Dot segments, plain or encoded, do not make a Payload route pass for a partner one.
    for (const path of [
      '/api/partners/%2e%2e/graphql',
      '/api/partners/2025-07/%2e%2e/%2e%2e/users/login',
    ]) {
      const res = await fetch(`${app.origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: big,
      })
      expect(res.status, path).toBe(413)
    }
    // A multipart body gets the upload limit only on the upload routes, with credentials.
    const multipart = (size: number): FormData => {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(size)], { type: 'image/png' }), 'x.png')
      return form
    }
    for (const [path, headers] of [
      ['/api/graphql', { authorization: `JWT ${editor.token}` }],
      ['/api/media', {}],
    ] as const) {
      const res = await fetch(`${app.origin}${path}`, {
        method: 'POST',
        headers,
        body: multipart(3 * 1024 * 1024),
      })
      expect(res.status, path).toBe(413)
    }
    // A body of unstated length cannot be measured before it is read.
    const chunked = await new Promise<number>((resolve, reject) => {
      const url = new URL('/api/graphql', app.origin)
      const req = http.request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      })
      req.on('response', (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', reject)
      req.write('{"query":')
      req.end('"{ __typename }"}')
    })
    expect(chunked).toBe(411)
    // Ordinary requests still go through.
    const ok = await adminClient({ origin: app.origin }).graphql('{ __typename }')
    expect(ok.status).toBe(200)
  })
})

describe('remote media', () => {
  let trusted: RunningApp
  let asset: http.Server
  let port = 0
  const sockets = new Set<Socket>()
  let png: Buffer

  beforeAll(async () => {
    png = Buffer.from(await makeImage({ width: 300, height: 200 }))
    // `/slow` answers a status line, then one header byte every 500 ms, forever: under any
    // idle time-out. Anything else is a small PNG.
    asset = http.createServer((req, res) => {
      if (req.url?.startsWith('/slow')) {
        const socket = res.socket!
        socket.write('HTTP/1.1 200 OK\r\nX-Trickle: ')
        const timer = setInterval(() => socket.write('a'), 500)
        socket.on('close', () => clearInterval(timer))
        socket.on('error', () => clearInterval(timer))
        return
      }
      res.writeHead(200, { 'content-type': 'image/png' }).end(png)
    })
    asset.on('connection', (socket) => {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    })
    await new Promise<void>((r) => asset.listen(0, '127.0.0.1', r))
    port = (asset.address() as AddressInfo).port
    trusted = await startApp({
      env: { MEDIA_FETCH_TIMEOUT_MS: '1500', MEDIA_FETCH_ALLOWED_HOSTS: `127.0.0.1:${port}` },
    })
  })

  afterAll(async () => {
    for (const s of sockets) s.destroy()
    asset?.close()
    await trusted?.stop()
  })

  it('gives up on a `src` server that trickles its answer, within one deadline', async () => {
    const started = Date.now()
    const res = await partner({ origin: trusted.origin, tenant: 'exhaust', key }).create('media', {
      src: `http://127.0.0.1:${port}/slow/poster.png`,
      alt: 'slow',
    })
    expect(res.status).toBe(400)
    expect(Date.now() - started).toBeLessThan(10_000)
    // The connection to the slow server is closed, not left running.
    await new Promise((r) => setTimeout(r, 500))
    expect(sockets.size).toBe(0)
  })

  it('stops fetching when the partner hangs up', async () => {
    const controller = new AbortController()
    const call = fetch(`${trusted.origin}/api/partners/2025-07/exhaust/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ src: `http://127.0.0.1:${port}/slow/gone.png`, alt: 'gone' }),
      signal: controller.signal,
    }).catch(() => 'aborted')
    await new Promise((r) => setTimeout(r, 400))
    expect(sockets.size).toBeGreaterThan(0)
    controller.abort()
    expect(await call).toBe('aborted')
    await new Promise((r) => setTimeout(r, 700))
    expect(sockets.size).toBe(0)
  })

  it('a malformed escape in `src` is a 400, not a 500', async () => {
    const res = await partner({ origin: trusted.origin, tenant: 'exhaust', key }).create('media', {
      src: `http://127.0.0.1:${port}/%E0%A4%A.png`,
      alt: 'bad escape',
    })
    expect([201, 400]).toContain(res.status)
  })

  it('a refusal does not name the address a host resolves to', async () => {
    const res = await partner({ origin: app.origin, tenant: 'exhaust', key }).create('media', {
      src: 'http://localhost:9/poster.png',
      alt: 'internal',
    })
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).not.toMatch(/127\.0\.0\.1|::1/)
  })
})

describe('amplification', () => {
  it('answers a body of sixty thousand unknown fields with a short problem', async () => {
    const body: Record<string, number> = { title: 1 }
    for (let i = 0; i < 60_000; i++) body[`k${i}`] = i
    const raw = JSON.stringify(body)
    expect(raw.length).toBeLessThan(1_048_576)
    const res = await fetch(`${app.origin}/api/partners/2025-07/exhaust/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: raw,
    })
    const text = await res.text()
    expect(res.status).toBe(400)
    expect(text.length).toBeLessThan(10_000)
    const problem = JSON.parse(text) as { errors: unknown[]; detail: string; status: number }
    expect(problem.status).toBe(400)
    expect(problem.errors.length).toBeLessThanOrEqual(20)
    expect(problem.detail).toMatch(/problems/)
  })

  it('refuses a multipart body of many parts and a `like` of many words', async () => {
    const form = new FormData()
    form.append(
      'file',
      new Blob([new Uint8Array(Buffer.from('x'))], { type: 'image/png' }),
      'x.png',
    )
    for (let i = 0; i < 200; i++) form.append(`f${i}`, 'v')
    const client = partner({ origin: app.origin, tenant: 'exhaust', key })
    const many = await client.create('media', form)
    expect(many.status).toBe(400)
    expect(String(many.body.detail)).toMatch(/parts/)
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ')
    const like = await client.list('events', `?where[title][like]=${encodeURIComponent(words)}`)
    expect(like.status).toBe(400)
    expect(JSON.stringify(like.body)).toMatch(/words/)
    expect((await client.list('events', '?where[title][like]=two%20words')).status).toBe(200)
    // Spaces alone are as many ILIKEs as words.
    const spaces = encodeURIComponent(' '.repeat(400))
    expect((await client.list('events', `?where[title][like]=${spaces}`)).status).toBe(400)
    expect((await editor.get(`/api/events?where[title][like]=${spaces}`)).status).toBe(400)
    expect((await editor.get(`/api/events/count?where[title][like]=${spaces}`)).status).toBe(400)
    expect(
      (await editor.get(`/api/pages/versions?where[version.title][like]=${spaces}`)).status,
    ).toBe(400)
    // Payload's own REST and GraphQL keep the same limit.
    const rest = await editor.get(`/api/events?where[title][like]=${encodeURIComponent(words)}`)
    expect(rest.status).toBe(400)
    const gql = await editor.graphql(
      `query ($w: String!) { Events(where: { title: { like: $w } }) { docs { id } } }`,
      { w: words },
    )
    expect(JSON.stringify(gql.body.errors ?? null)).toMatch(/words/)
    expect((await editor.get('/api/events?where[title][like]=two%20words')).status).toBe(200)
  })

  it('refuses long `like` and `contains` patterns, alone or added up, on every surface', async () => {
    // Each character is compared at every position of every row's text: a few long patterns
    // over long texts held the database for seconds per request.
    const client = partner({ origin: app.origin, tenant: 'exhaust', key })
    const long = 'a'.repeat(300)
    const parts = Array.from({ length: 4 }, (_, i) => ({
      title: { contains: `${'b'.repeat(90)}${i}` },
    }))
    for (const query of [
      `?where[title][contains]=${long}`,
      `?where=${encodeURIComponent(JSON.stringify({ or: parts }))}`,
    ]) {
      const res = await client.list('events', query)
      expect(res.status, query.slice(0, 60)).toBe(400)
      expect(JSON.stringify(res.body)).toMatch(/characters in all/)
    }
    const rest = await editor.get(`/api/events?where[title][contains]=${long}`)
    expect(rest.status).toBe(400)
    const split = parts.map((p, i) => `where[or][${i}][title][contains]=${p.title.contains}`)
    expect((await editor.get(`/api/events?${split.join('&')}`)).status).toBe(400)
    const gql = await editor.graphql(
      `query ($w: String!) { Events(where: { title: { contains: $w } }) { docs { id } } }`,
      { w: long },
    )
    expect(JSON.stringify(gql.body.errors ?? null)).toMatch(/characters in all/)
    // Ordinary patterns pass.
    expect((await client.list('events', `?where[title][contains]=${'c'.repeat(200)}`)).status).toBe(
      200,
    )
    expect((await editor.get(`/api/events?where[title][contains]=${'c'.repeat(200)}`)).status).toBe(
      200,
    )
  })
})

describe('clients that hang up', () => {
  /** A create whose client hangs up `afterMs` after sending it, or mid-body when `partial`. */
  const hangUp = ({ afterMs, partial }: { afterMs: number; partial: boolean }) =>
    new Promise<void>((resolve) => {
      const url = new URL(`${app.origin}/api/partners/2025-07/exhaust/events`)
      const body = JSON.stringify({ title: `Gone ${Math.random()}`, _status: 'published' })
      const req = http.request({
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      })
      req.on('error', () => resolve())
      if (partial) req.write(body.slice(0, 10))
      else req.end(body)
      setTimeout(() => {
        req.destroy()
        resolve()
      }, afterMs)
    })

  it('take no place from the tenant: its next create is answered', async () => {
    const client = partner({ origin: app.origin, tenant: 'exhaust', key })
    for (let round = 0; round < 3; round++) {
      // More than the tenant's share of operations under way, each gone at its own moment.
      await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          hangUp({ afterMs: 1 + (i % 8), partial: i % 2 === 0 }),
        ),
      )
      const made = await client.create('events', { title: `After the hang-ups ${round}` })
      expect(made.status, JSON.stringify(made.body)).toBe(201)
    }
  })
})

describe('small leaks and 500s', () => {
  it('a leap second or an impossible date is a 400, through the partner API and Payload’s', async () => {
    const client = partner({ origin: app.origin, tenant: 'exhaust', key })
    const event = await client.create('events', { title: 'Leap' })
    expect(event.status).toBe(201)
    for (const startDate of ['2026-06-30T23:59:60Z', '2026-02-30T19:00:00Z']) {
      const res = await client.create('event-instances', { event: event.body.id, startDate })
      expect(res.status, startDate).toBe(400)
      const rest = await editor.post('/api/event-instances', {
        tenant: tenant.id,
        event: event.body.id,
        startDate,
      })
      expect(rest.status, startDate).toBe(400)
    }
  })

  it('deletes an event together with its performances instead of failing in the database', async () => {
    const client = partner({ origin: app.origin, tenant: 'exhaust', key })
    const event = await client.create('events', { title: 'Goes with its performances' })
    const performance = await client.create('event-instances', {
      event: event.body.id,
      startDate: '2027-05-01T19:30:00.000Z',
    })
    expect(performance.status).toBe(201)
    expect((await client.remove('events', String(event.body.id))).status).toBe(204)
    expect((await client.get('event-instances', String(performance.body.id))).status).toBe(404)
  })

  it('refuses every address that is not global unicast, naming none', async () => {
    const client = partner({ origin: app.origin, tenant: 'exhaust', key })
    for (const host of [
      '[::7f00:1]',
      '[2002:7f00:1::1]',
      '[2001::1]',
      '[64:ff9b:1::7f00:1]',
      '[fec0::1]',
      '[::ffff:10.0.0.1]',
      '192.88.99.1',
      '100.64.0.1',
    ]) {
      const res = await client.create('media', { src: `http://${host}/x.png`, alt: 'x' })
      expect(res.status, host).toBe(400)
      expect(String(res.body.detail), host).toBe('"src" could not be reached.')
      expect(String(res.body.detail), host).not.toContain(host.replace(/[[\]]/g, ''))
    }
  })
})

describe('unauthenticated load and key counts', () => {
  it('caps the keys a tenant may hold', async () => {
    const admin = await createUser({
      payload,
      email: 'exhaust-admin@example.com',
      password,
      tenants: [{ tenant, roles: ['tenant-admin'] }],
    })
    const client = await signIn({ origin: app.origin, email: admin.email, password })
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await client.post('/api/api-keys', { name: `k${i}`, tenants: [tenant.id] })).status,
      )
    }
    // One key exists already: two more fit under the cap of three.
    expect(statuses).toEqual([201, 201, 400, 400])

    // Creates at once cannot all see room for one more.
    const racing = await createTenant({ payload, slug: 'exhaust-race' })
    const racer = await createUser({
      payload,
      email: 'exhaust-race-admin@example.com',
      password,
      tenants: [{ tenant: racing, roles: ['tenant-admin'] }],
    })
    const raceClient = await signIn({ origin: app.origin, email: racer.email, password })
    const raced = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        raceClient.post('/api/api-keys', { name: `race ${i}`, tenants: [racing.id] }),
      ),
    )
    expect(raced.filter((r) => r.status === 201).length).toBe(3)
    const held = await payload.count({
      collection: 'api-keys',
      where: { tenants: { equals: racing.id } },
    })
    expect(held.totalDocs).toBe(3)
  })

  it('limits requests without a valid key per address, before any lookup', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${app.origin}/api/partners/2025-07/exhaust/events`, {
        headers: { authorization: `Bearer cms_abcdefgh_${'x'.repeat(40)}` },
      })
      statuses.push(res.status)
      if (res.status === 429) expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
    }
    expect(statuses.slice(0, 5).every((s) => s === 401 || s === 429)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
    // A header a client sends cannot pose as another address.
    const spoofed = await fetch(`${app.origin}/api/partners/2025-07/exhaust/events`, {
      headers: { 'x-cms-client-address': '203.0.113.9', authorization: 'Bearer nope' },
    })
    expect(spoofed.status).toBe(429)
    // Another client at the same address (a NAT, a proxy) with a valid key is still served, on
    // every request: the failing client is refused, not its neighbours.
    for (let i = 0; i < 3; i++) {
      const valid = await fetch(`${app.origin}/api/partners/2025-07/exhaust/events`, {
        headers: { authorization: `Bearer ${key}` },
      })
      expect(valid.status).toBe(200)
    }
    // A key that is well formed but does not exist is refused before any lookup, as before.
    const unknown = await fetch(`${app.origin}/api/partners/2025-07/exhaust/events`, {
      headers: { authorization: `Bearer cms_0badf00d_${'y'.repeat(43)}` },
    })
    expect(unknown.status).toBe(429)
    // A live prefix with a wrong secret is answered alike: the address learns no live prefix.
    const prefix = /^cms_([0-9a-f]{8})_/.exec(key)?.[1] ?? ''
    const wrong = await fetch(`${app.origin}/api/partners/2025-07/exhaust/events`, {
      headers: { authorization: `Bearer cms_${prefix}_${'z'.repeat(43)}` },
    })
    expect(wrong.status).toBe(429)
  })
})
