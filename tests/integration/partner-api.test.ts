import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { kindSpecs } from '../helpers/kinds'
import type { Tenant } from '../../src/payload-types'
import { makeImage } from '../../src/seed/images'
import { startApp, type RunningApp } from '../helpers/app'
import { getTestPayload } from '../helpers/payload'
import {
  createKey,
  createSample,
  partner,
  partnerBase,
  sampleBody,
  sampleUpdate,
} from '../helpers/partner'
import { createTenant, createUser, rejectionPaths } from '../helpers/tenants'

let app: RunningApp
let payload: Payload
let alpha: Tenant
let beta: Tenant
let alphaWrite: string
let alphaRead: string
let betaWrite: string
let png: Buffer

const kinds = kindSpecs.map((k) => k.path)

/** Creates one record of `kind` through the API, with what the kind needs. */
const createVia = (client: ReturnType<typeof partner>, kind: string, tag: string) =>
  createSample({ client, kind, tag, image: png })

beforeAll(async () => {
  payload = await getTestPayload()
  alpha = await createTenant({ payload, slug: 'api-alpha', name: 'Alpha Theatre' })
  beta = await createTenant({ payload, slug: 'api-beta', name: 'Beta Festival' })
  alphaWrite = await createKey({ payload, tenants: [alpha], scope: 'write' })
  alphaRead = await createKey({ payload, tenants: [alpha], scope: 'read' })
  betaWrite = await createKey({ payload, tenants: [beta], scope: 'write' })
  png = Buffer.from(await makeImage({ width: 1400, height: 900 }))
  app = await startApp()
})

afterAll(async () => {
  await app?.stop()
})

describe('the operations of the spec', () => {
  it('creates events, media, redirects, venues and works: 201 "Created" with the record', async () => {
    const client = partner({ origin: app.origin, tenant: 'api-alpha', key: alphaWrite })
    for (const kind of ['events', 'media', 'redirects', 'venues', 'works']) {
      const res = await createVia(client, kind, `spec-${kind}`)
      expect(res.status, `${kind}: ${JSON.stringify(res.body)}`).toBe(201)
      expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/)
      expect(res.body.tenant).toBe(alpha.id)
      expect(res.body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/)
      expect(res.headers.get('location')).toBe(
        `${partnerBase}/api-alpha/${kind}/${String(res.body.id)}`,
      )
    }
  })

  it('updates event instances, organizations, works, blogs and custom attributes: 200, or 404 "Not found"', async () => {
    const client = partner({ origin: app.origin, tenant: 'api-alpha', key: alphaWrite })
    for (const kind of [
      'event-instances',
      'organizations',
      'works',
      'blogs',
      'custom-attributes',
    ]) {
      const made = await createVia(client, kind, `upd-${kind}`)
      expect(made.status, JSON.stringify(made.body)).toBe(201)
      const id = String(made.body.id)
      const res = await client.update(kind, id, { id, ...sampleUpdate[kind] })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body).toMatchObject(sampleUpdate[kind] as object)
      const missing = await client.update(
        kind,
        '00000000-0000-4000-8000-000000000000',
        sampleUpdate[kind],
      )
      expect(missing.status).toBe(404)
      expect(missing.headers.get('content-type')).toBe('application/problem+json')
      expect(missing.body).toMatchObject({ status: 404, title: 'Not found' })
    }
  })

  it('lists pages, files, seasons, people and series with the pagination envelope', async () => {
    const client = partner({ origin: app.origin, tenant: 'api-alpha', key: alphaRead })
    const writer = partner({ origin: app.origin, tenant: 'api-alpha', key: alphaWrite })
    for (const kind of ['pages', 'seasons', 'people', 'series']) {
      for (const n of [1, 2, 3])
        expect((await writer.create(kind, { title: `${kind} list ${n}` })).status).toBe(201)
    }
    for (const kind of ['pages', 'files', 'seasons', 'people', 'series']) {
      const res = await client.list(kind, '?limit=2')
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(Object.keys(res.body).sort()).toEqual(
        [
          'docs',
          'totalDocs',
          'limit',
          'totalPages',
          'page',
          'pagingCounter',
          'hasPrevPage',
          'hasNextPage',
          'prevPage',
          'nextPage',
          // Beyond the spec's envelope: where the next page begins, for deep pages.
          'nextCursor',
        ].sort(),
      )
      expect(res.body.limit).toBe(2)
      expect(res.body.page).toBe(1)
      expect(res.body.prevPage).toBeNull()
      expect(res.body.hasPrevPage).toBe(false)
      expect((res.body.docs ?? []).length).toBeLessThanOrEqual(2)
      for (const doc of res.body.docs ?? []) expect(doc.tenant).toBe(alpha.id)
    }
    const last = await client.list('seasons', '?limit=100')
    expect(last.body.nextPage).toBeNull()
    expect(last.body.hasNextPage).toBe(false)
    const paged = await client.list('seasons', '?limit=1&page=2&sort=title')
    expect(paged.body).toMatchObject({ page: 2, prevPage: 1, hasPrevPage: true, pagingCounter: 2 })
  })
})

describe.each(kinds)('%s: the full set of operations', (kind) => {
  it('creates, reads back, lists, updates and deletes', async () => {
    const client = partner({ origin: app.origin, tenant: 'api-alpha', key: alphaWrite })
    const made = await createVia(client, kind, `crud-${kind}`)
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const id = String(made.body.id)
    const read = await client.get(kind, id)
    expect(read.status).toBe(200)
    expect(read.body).toEqual(made.body)
    const listed = await client.list(kind, `?where[id][equals]=${id}`)
    expect(listed.body.docs?.map((d) => d.id)).toEqual([id])
    const updated = await client.update(kind, id, sampleUpdate[kind])
    expect(updated.status, JSON.stringify(updated.body)).toBe(200)
    const removed = await client.remove(kind, id)
    expect(removed.status).toBe(204)
    expect((await client.get(kind, id)).status).toBe(404)
  })

  it('never reaches the other tenant: its ids answer 404, its key 403, and nothing changes', async () => {
    const betaClient = partner({ origin: app.origin, tenant: 'api-beta', key: betaWrite })
    const theirs = await createVia(betaClient, kind, `iso-${kind}`)
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201)
    const id = String(theirs.body.id)
    const before = await payload.findByID({
      collection: kindSpecs.find((k) => k.path === kind)!.collection,
      id,
      depth: 0,
      draft: true,
    })

    // Alpha's key, alpha's path, beta's id: not found, like a missing one.
    const alphaClient = partner({ origin: app.origin, tenant: 'api-alpha', key: alphaWrite })
    expect((await alphaClient.get(kind, id)).status).toBe(404)
    expect((await alphaClient.update(kind, id, sampleUpdate[kind])).status).toBe(404)
    expect((await alphaClient.remove(kind, id)).status).toBe(404)
    const listed = await alphaClient.list(kind, `?where[id][equals]=${id}`)
    expect(listed.body.docs).toEqual([])
    // Alpha's key on beta's path: forbidden, whatever the operation.
    const wrongPath = partner({ origin: app.origin, tenant: 'api-beta', key: alphaWrite })
    expect((await wrongPath.get(kind, id)).status).toBe(403)
    expect((await wrongPath.list(kind)).status).toBe(403)
    expect((await wrongPath.update(kind, id, sampleUpdate[kind])).status).toBe(403)
    expect((await wrongPath.remove(kind, id)).status).toBe(403)
    expect((await wrongPath.create(kind, sampleBody(kind, 'x'))).status).toBe(403)

    const after = await payload.findByID({
      collection: kindSpecs.find((k) => k.path === kind)!.collection,
      id,
      depth: 0,
      draft: true,
    })
    expect(after).toEqual(before)
  })
})

describe('keys', () => {
  const path = `${partnerBase}/api-alpha/works`
  it('answers 401 without a key, with a malformed or unknown one, and with a revoked one', async () => {
    for (const authorization of [
      undefined,
      'Bearer',
      'Basic abc',
      'Bearer cms_00000000_' + 'a'.repeat(43),
      `Bearer ${alphaWrite}x`,
    ]) {
      const res = await fetch(`${app.origin}${path}`, {
        headers: authorization ? { authorization } : {},
      })
      expect(res.status, String(authorization)).toBe(401)
      expect(res.headers.get('content-type')).toBe('application/problem+json')
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/)
    }
    const revoked = await createKey({ payload, tenants: [alpha], scope: 'read' })
    expect(
      (await fetch(`${app.origin}${path}`, { headers: { authorization: `Bearer ${revoked}` } }))
        .status,
    ).toBe(200)
    await payload.update({
      collection: 'api-keys',
      where: { prefix: { equals: revoked.slice(4, 12) } },
      data: { revoked: true },
    })
    // Revoked by another process (this test's Local API), the app hears of it by PostgreSQL's
    // NOTIFY, milliseconds later: a request racing it may still pass, none after it does.
    const refusedBy = Date.now() + 2_000
    let status = 0
    do {
      status = (
        await fetch(`${app.origin}${path}`, { headers: { authorization: `Bearer ${revoked}` } })
      ).status
      if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 20))
    } while (status !== 401 && Date.now() < refusedBy)
    expect(status).toBe(401)
  })

  it('answers 403 when a read key writes, and records when a key was last used', async () => {
    const reader = partner({ origin: app.origin, tenant: 'api-alpha', key: alphaRead })
    expect((await reader.list('works')).status).toBe(200)
    const res = await reader.create('works', { title: 'Not allowed' })
    expect(res.status).toBe(403)
    const { totalDocs } = await payload.count({
      collection: 'works',
      where: { title: { equals: 'Not allowed' } },
    })
    expect(totalDocs).toBe(0)
    const key = (
      await payload.find({
        collection: 'api-keys',
        where: { prefix: { equals: alphaRead.slice(4, 12) } },
      })
    ).docs[0]
    expect(key?.lastUsedAt).toMatch(/^\d{4}-/)
    expect(key).not.toHaveProperty('hash')
  })

  it('limits each key to its requests a minute: then 429 with Retry-After, other keys unaffected', async () => {
    const limited = await createKey({ payload, tenants: [alpha], scope: 'read', rateLimit: 3 })
    const client = partner({ origin: app.origin, tenant: 'api-alpha', key: limited })
    // Counted per minute: start at the beginning of one so the four calls share a window.
    if (new Date().getSeconds() > 55) await new Promise((r) => setTimeout(r, 6_000))
    const statuses: number[] = []
    for (let i = 0; i < 3; i += 1) statuses.push((await client.list('works')).status)
    const over = await client.list('works')
    expect(statuses).toEqual([200, 200, 200])
    expect(over.status).toBe(429)
    expect(over.headers.get('content-type')).toBe('application/problem+json')
    const retryAfter = Number(over.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(over.body).toMatchObject({ status: 429, title: 'Too many requests' })
    expect(String(over.body.detail)).toMatch(/3 requests a minute/)
    // Writes are refused too, and nothing is written.
    const writer = await createKey({ payload, tenants: [alpha], scope: 'write', rateLimit: 1 })
    const w = partner({ origin: app.origin, tenant: 'api-alpha', key: writer })
    expect((await w.list('works')).status).toBe(200)
    expect((await w.create('works', { title: 'Rate limited work' })).status).toBe(429)
    const { totalDocs } = await payload.count({
      collection: 'works',
      where: { title: { equals: 'Rate limited work' } },
    })
    expect(totalDocs).toBe(0)
    // Another key of the same tenant is not affected.
    expect(
      (await partner({ origin: app.origin, tenant: 'api-alpha', key: alphaRead }).list('works'))
        .status,
    ).toBe(200)
  })

  it('lets a tenant admin lower a key’s limit but not raise it past the server’s', async () => {
    const admin = await createUser({
      payload,
      email: 'limits-admin@example.com',
      tenants: [{ tenant: alpha, roles: ['tenant-admin'] }],
    })
    const make = (rateLimit: number) =>
      payload.create({
        collection: 'api-keys',
        data: { name: `limit ${rateLimit}`, tenants: [alpha.id], scope: 'read', rateLimit },
        user: admin,
        overrideAccess: false,
      })
    expect((await make(10)).rateLimit).toBe(10)
    // The test server's ceiling is 1,000,000 (tests/helpers/app.ts); this process reads 600.
    expect(await rejectionPaths(make(100_000_000))).toContain('rateLimit')
    expect(await rejectionPaths(make(1.5))).toContain('rateLimit')
    // An installation admin may allow more.
    expect(
      (
        await payload.create({
          collection: 'api-keys',
          data: { name: 'big', tenants: [alpha.id], scope: 'read', rateLimit: 100_000_000 },
        })
      ).rateLimit,
    ).toBe(100_000_000)
  })

  it('shares the count through PostgreSQL: requests another instance counted are counted here', async () => {
    const shared = await createKey({ payload, tenants: [alpha], scope: 'read', rateLimit: 5 })
    const keyDoc = (
      await payload.find({
        collection: 'api-keys',
        where: { prefix: { equals: shared.slice(4, 12) } },
      })
    ).docs[0]
    const db = payload.db as unknown as PostgresAdapter
    if (new Date().getSeconds() > 55) await new Promise((r) => setTimeout(r, 6_000))
    // Another instance has used up this minute's five requests.
    const windowStart = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString()
    await db.drizzle.execute(sql`
      insert into partner_rate_limits (bucket, key_id, window_start, count)
      values (${`${String(keyDoc?.id)}@${windowStart}`}, ${String(keyDoc?.id)}, ${windowStart}, 5)`)
    const client = partner({ origin: app.origin, tenant: 'api-alpha', key: shared })
    // Within a fifth of its limit (here, every request of a key of five) a request is counted
    // in PostgreSQL before it is answered: nothing more gets through.
    const first = await client.list('works')
    await new Promise((r) => setTimeout(r, 200))
    const second = await client.list('works')
    expect([first.status, second.status]).toEqual([429, 429])
    const rows = await db.drizzle.execute<{ count: number }>(
      sql`select count from partner_rate_limits where key_id = ${String(keyDoc?.id)}`,
    )
    expect(Number(rows.rows[0]?.count)).toBeGreaterThanOrEqual(6)
  })

  it('never opens Payload’s own REST, GraphQL or admin', async () => {
    const secret = `Secret work ${Date.now()}`
    await payload.create({ collection: 'works', data: { tenant: alpha.id, title: secret } })
    const headers = { authorization: `Bearer ${alphaWrite}` }
    const rest = await fetch(`${app.origin}/api/works?limit=100`, { headers })
    expect(await rest.text()).not.toContain(secret)
    const me = await (await fetch(`${app.origin}/api/users/me`, { headers })).json()
    expect(me.user).toBeNull()
    const graphql = await fetch(`${app.origin}/api/graphql`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ Works { docs { id title } } }' }),
    })
    const answer = (await graphql.json()) as { data?: { Works?: unknown }; errors?: unknown[] }
    expect(answer.data?.Works ?? null).toBeNull()
    const admin = await fetch(`${app.origin}/admin/collections/works`, { headers })
    const html = await admin.text()
    expect(html).not.toContain(secret)
  })
})
