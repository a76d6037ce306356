import { randomUUID } from 'node:crypto'
import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { kindSpecs } from '../helpers/kinds'
import { partnerRoutes, tenantRoutes } from '../helpers/kinds'
import type { Tenant } from '../../src/payload-types'
import { postgresOf } from '../../src/db/postgres'
import { pruneChangeLog } from '../../src/plugins/changeLog/prune'
import { makeImage } from '../../src/seed/images'
import { startApp, waitUntil, type RunningApp } from '../helpers/app'
import { contractChecker, type Document31 } from '../helpers/contract'
import { getTestPayload } from '../helpers/payload'
import { createKey, partnerBase, sampleBody, sampleUpdate } from '../helpers/partner'
import { createTenant } from '../helpers/tenants'

/**
 * The served 3.1 document is the contract: every operation is called for its success and for
 * each error it documents, and every answer (status, headers, body) is checked against it.
 */

const mediaLimit = 1_000_000
let app: RunningApp
let payload: Payload
let checker: ReturnType<typeof contractChecker>
let tenantA: Tenant
let keys: { write: string; read: string; other: string; limited: string }
let png: Buffer
let assets: http.Server
let assetHost = ''
const problems: string[] = []

type Call = {
  method: string
  path: string
  key?: string
  json?: unknown
  form?: FormData
  raw?: { type: string; text: string }
  headers?: Record<string, string>
}

const call = async ({ method, path, key, json, form, raw, headers = {} }: Call) => {
  const url = `${app.origin}${partnerBase}${path}`
  const res = await fetch(url, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(raw ? { 'content-type': raw.type } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : (form ?? raw?.text),
  })
  const text = await res.text()
  problems.push(
    ...checker.check({
      method,
      url,
      status: res.status,
      headers: res.headers,
      text,
      requestJson: json,
    }),
  )
  let body: Record<string, unknown> = {}
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {}
  } catch {
    body = { raw: text }
  }
  return { status: res.status, body, etag: res.headers.get('etag') }
}

/** The limited key allows one request a minute; a new minute may let one more through. */
const limited = async (request: Omit<Call, 'key'>) => {
  const first = await call({ ...request, key: keys.limited })
  return first.status === 429 ? first : call({ ...request, key: keys.limited })
}

const imageForm = (fields: Record<string, string>, bytes: Buffer = png): FormData => {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'poster.png')
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  return form
}

/** A whole body just over the 1 MiB JSON limit. */
const hugeJson = { title: 'x'.repeat(1_100_000) }

beforeAll(async () => {
  payload = await getTestPayload()
  tenantA = await createTenant({ payload, slug: 'contract-a', name: 'Contract Theatre' })
  const tenantB = await createTenant({ payload, slug: 'contract-b', name: 'Other Venue' })
  keys = {
    write: await createKey({ payload, tenants: [tenantA], scope: 'write' }),
    read: await createKey({ payload, tenants: [tenantA], scope: 'read' }),
    other: await createKey({ payload, tenants: [tenantB], scope: 'write' }),
    limited: await createKey({ payload, tenants: [tenantA], scope: 'write', rateLimit: 1 }),
  }
  png = Buffer.from(await makeImage({ width: 800, height: 600 }))
  // A loopback asset server, the one private host the app is told to trust, for JSON `src`.
  assets = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length })
    res.end(png)
  })
  await new Promise<void>((r) => assets.listen(0, '127.0.0.1', r))
  assetHost = `127.0.0.1:${(assets.address() as AddressInfo).port}`
  app = await startApp({
    env: {
      MEDIA_UPLOAD_LIMIT_BYTES: String(mediaLimit),
      MEDIA_FETCH_ALLOWED_HOSTS: assetHost,
      // The asset server answers anything with 200: it is the webhook receiver too.
      WEBHOOK_DELIVERY: 'on',
      WEBHOOK_ALLOWED_HOSTS: assetHost,
    },
  })
  const served = await fetch(`${app.origin}${partnerBase}/openapi`)
  checker = contractChecker((await served.json()) as Document31)
})

afterAll(async () => {
  await app?.stop()
  await new Promise((r) => assets?.close(r))
})

/** The field a body can repeat to break the collection's uniqueness rule, if it has one. */
const uniqueField = (collection: string): string | undefined =>
  payload.collections[collection as 'works'].config.indexes
    ?.find((index) => index.unique)
    ?.fields.find((name) => name !== 'tenant')

describe('every operation against the served OpenAPI 3.1 document', () => {
  let eventId = ''

  for (const spec of kindSpecs) {
    const kind = spec.path
    const base = `/contract-a/${kind}`

    it(`${kind}: successes and every documented error match the document`, async () => {
      problems.length = 0
      if (!eventId) {
        const event = await call({
          method: 'POST',
          path: '/contract-a/events',
          key: keys.write,
          // The document marks `id` required in a create body, so a client following it sends one.
          json: { id: randomUUID(), title: 'Contract event' },
        })
        eventId = String(event.body.id)
      }
      const body = (tag: string) => sampleBody(kind, tag, { event: eventId })
      const create = (tag: string, id = randomUUID(), key = keys.write) =>
        spec.upload
          ? call({ method: 'POST', path: base, key, form: imageForm({ id, alt: tag }) })
          : call({ method: 'POST', path: base, key, json: { ...body(tag), id } })

      // create: 201, then the same id again 409, bad input 400, wrong type 415, too large 413
      const id = randomUUID()
      const created = await create(`${kind}-one`, id)
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      expect(created.body.id).toBe(id)
      expect((await create(`${kind}-again`, id)).status).toBe(409)
      if (spec.upload) {
        // The other way to make media: JSON naming a URL to fetch, as the create schema says.
        const fetched = await call({
          method: 'POST',
          path: base,
          key: keys.write,
          json: { id: randomUUID(), src: `http://${assetHost}/poster.png`, alt: 'Fetched' },
        })
        expect(fetched.status, JSON.stringify(fetched.body)).toBe(201)
      }
      expect(
        (await call({ method: 'POST', path: base, key: keys.write, json: { nope: true } })).status,
      ).toBe(400)
      expect(
        (
          await call({
            method: 'POST',
            path: base,
            key: keys.write,
            raw: { type: 'text/plain', text: 'x' },
          })
        ).status,
      ).toBe(415)
      const tooLarge = spec.upload
        ? await call({
            method: 'POST',
            path: base,
            key: keys.write,
            form: imageForm({}, Buffer.alloc(mediaLimit + 1000)),
          })
        : await call({ method: 'POST', path: base, key: keys.write, json: hugeJson })
      expect(tooLarge.status).toBe(413)

      // list: 200, bad limit 400
      const listed = await call({
        method: 'GET',
        path: `${base}?limit=5&sort=-createdAt`,
        key: keys.read,
      })
      expect(listed.status).toBe(200)
      expect((listed.body.docs as { id: string }[]).map((d) => d.id)).toContain(id)
      expect((await call({ method: 'GET', path: `${base}?limit=0`, key: keys.read })).status).toBe(
        400,
      )

      // retrieve: 200, a parameter it does not take 400, unknown id 404
      expect((await call({ method: 'GET', path: `${base}/${id}`, key: keys.read })).status).toBe(
        200,
      )
      expect(
        (await call({ method: 'GET', path: `${base}/${id}?nope=1`, key: keys.read })).status,
      ).toBe(400)
      expect(
        (await call({ method: 'GET', path: `${base}/${randomUUID()}`, key: keys.read })).status,
      ).toBe(404)

      // Conditional reads: an answer's tag gives 304 while nothing it shows has changed.
      const read = await call({ method: 'GET', path: `${base}/${id}`, key: keys.read })
      expect(read.etag).toMatch(/^"[\w-]+"$/)
      const ifNoneMatch = (path: string, tag: string | null) =>
        call({ method: 'GET', path, key: keys.read, headers: { 'if-none-match': tag ?? '' } })
      expect((await ifNoneMatch(`${base}/${id}`, read.etag)).status).toBe(304)
      const listPath = `${base}?limit=5&sort=-createdAt`
      const listTag = (await call({ method: 'GET', path: listPath, key: keys.read })).etag
      expect(listTag).toBe(listed.etag)
      expect((await ifNoneMatch(listPath, listTag)).status).toBe(304)

      // Conditional writes: a stale If-Match is 412 and changes nothing; the current one works.
      const stale = await call({
        method: 'PATCH',
        path: `${base}/${id}`,
        key: keys.write,
        json: { id, ...sampleUpdate[kind] },
        headers: { 'if-match': '"stale"' },
      })
      expect(stale.status, JSON.stringify(stale.body)).toBe(412)
      expect(stale.etag).toBe(read.etag)
      const unchanged = await call({ method: 'GET', path: `${base}/${id}`, key: keys.read })
      expect(unchanged.etag).toBe(read.etag)
      expect(
        (
          await call({
            method: 'DELETE',
            path: `${base}/${id}`,
            key: keys.write,
            headers: { 'if-match': '"stale"' },
          })
        ).status,
      ).toBe(412)
      const matched = await call({
        method: 'PATCH',
        path: `${base}/${id}`,
        key: keys.write,
        json: { id, ...sampleUpdate[kind] },
        headers: { 'if-match': read.etag ?? '' },
      })
      expect(matched.status, JSON.stringify(matched.body)).toBe(200)
      // The answer's tag is the one a read of the changed record gives; the old one reads 200.
      const after = await ifNoneMatch(`${base}/${id}`, read.etag)
      expect(after.status).toBe(200)
      expect(after.etag).toBe(matched.etag)

      // update: 200, bad input 400, unknown id 404, 415, 413, and 409 where a field is unique
      const updated = await call({
        method: 'PATCH',
        path: `${base}/${id}`,
        key: keys.write,
        json: { id, ...sampleUpdate[kind] },
      })
      expect(updated.status, JSON.stringify(updated.body)).toBe(200)
      // A record sent back as it was answered: server-set fields are documented and ignored.
      const echoed = await call({
        method: 'PATCH',
        path: `${base}/${id}`,
        key: keys.write,
        json: updated.body,
      })
      expect(echoed.status, JSON.stringify(echoed.body)).toBe(200)
      expect(
        (await call({ method: 'PATCH', path: `${base}/${id}`, key: keys.write, json: { nope: 1 } }))
          .status,
      ).toBe(400)
      expect(
        (
          await call({
            method: 'PATCH',
            path: `${base}/${randomUUID()}`,
            key: keys.write,
            json: sampleUpdate[kind],
          })
        ).status,
      ).toBe(404)
      expect(
        (
          await call({
            method: 'PATCH',
            path: `${base}/${id}`,
            key: keys.write,
            raw: { type: 'text/plain', text: 'x' },
          })
        ).status,
      ).toBe(415)
      expect(
        (await call({ method: 'PATCH', path: `${base}/${id}`, key: keys.write, json: hugeJson }))
          .status,
      ).toBe(413)
      const second = await create(`${kind}-two`)
      expect(second.status).toBe(201)
      const unique = uniqueField(spec.collection)
      if (unique) {
        const clash = await call({
          method: 'PATCH',
          path: `${base}/${String(second.body.id)}`,
          key: keys.write,
          json: {
            [unique]: created.body[unique],
            ...(unique === 'slug' ? { slugLock: false } : {}),
          },
        })
        expect(clash.status, JSON.stringify(clash.body)).toBe(409)
      }

      // delete: 204, then 404
      const remove = {
        method: 'DELETE',
        path: `${base}/${String(second.body.id)}`,
        key: keys.write,
      }
      expect((await call(remove)).status).toBe(204)
      expect((await call(remove)).status).toBe(404)

      // Every operation: no key 401, another tenant's key 403, over the key's limit 429.
      // Bodies follow the document: at a minute's turn the limited key may get one through.
      const requests: Omit<Call, 'key'>[] = [
        { method: 'GET', path: base },
        { method: 'POST', path: base, json: { ...body(`${kind}-denied`), id: randomUUID() } },
        { method: 'GET', path: `${base}/${id}` },
        { method: 'PATCH', path: `${base}/${id}`, json: { id, ...sampleUpdate[kind] } },
        // Another id: a delete let through must not take the record checked below.
        { method: 'DELETE', path: `${base}/${randomUUID()}` },
      ]
      for (const request of requests) {
        expect((await call(request)).status).toBe(401)
        expect((await call({ ...request, key: keys.other })).status).toBe(403)
        expect((await limited(request)).status).toBe(429)
      }
      expect((await call({ method: 'GET', path: `${base}/${id}`, key: keys.read })).status).toBe(
        200,
      )

      expect(problems, JSON.stringify(problems)).toEqual([])
      // Each of the kind's operations was seen answering every status it documents, except a
      // 503, which needs the database away: the last part of this file.
      const documented = checker.documented()
      for (const { operationId } of partnerRoutes.filter((r) => r.kind.path === kind)) {
        expect(documented.has(operationId), operationId).toBe(true)
        const seen = checker.seen().get(operationId) ?? new Set()
        const missing = (documented.get(operationId) ?? []).filter(
          (status) => status !== 503 && !seen.has(status),
        )
        expect(missing, operationId).toEqual([])
      }
    })
  }

  it('the document endpoint: three formats, 304 for a current ETag, 400 for an unknown format', async () => {
    problems.length = 0
    const first = await call({ method: 'GET', path: '/openapi' })
    expect(first.status).toBe(200)
    expect((await call({ method: 'GET', path: '/openapi?format=openapi3.0' })).status).toBe(200)
    expect((await call({ method: 'GET', path: '/openapi?format=swagger2.0' })).status).toBe(200)
    const etag = (await fetch(`${app.origin}${partnerBase}/openapi`)).headers.get('etag') ?? ''
    expect(
      (await call({ method: 'GET', path: '/openapi', headers: { 'if-none-match': etag } })).status,
    ).toBe(304)
    expect((await call({ method: 'GET', path: '/openapi?format=yaml' })).status).toBe(400)
    expect(problems).toEqual([])
    expect([...(checker.seen().get('getOpenApiDocument') ?? [])].sort()).toEqual([200, 304, 400])
  })

  it('the change feed: a page, bad queries 400, keys 401/403/429, a pruned cursor 410', async () => {
    problems.length = 0
    const path = '/contract-a/changes'
    const first = await call({ method: 'GET', path: `${path}?limit=3`, key: keys.read })
    expect(first.status).toBe(200)
    const cursor = (first.body.changes as { cursor: string }[])[0]?.cursor
    expect(cursor).toBeDefined()
    expect(
      (await call({ method: 'GET', path: `${path}?after=${String(cursor)}`, key: keys.read }))
        .status,
    ).toBe(200)
    expect((await call({ method: 'GET', path: `${path}?limit=0`, key: keys.read })).status).toBe(
      400,
    )
    expect((await call({ method: 'GET', path })).status).toBe(401)
    expect((await call({ method: 'GET', path, key: keys.other })).status).toBe(403)
    expect((await limited({ method: 'GET', path })).status).toBe(429)
    await postgresOf(payload).drizzle.execute(
      sql`update change_log set at = now() - interval '100 days' where tenant_id = ${tenantA.id}`,
    )
    await pruneChangeLog({ payload, retentionDays: 90 })
    expect(
      (await call({ method: 'GET', path: `${path}?after=${String(cursor)}`, key: keys.read }))
        .status,
    ).toBe(410)
    expect(problems).toEqual([])
  })

  it('webhook subscriptions and deliveries: every documented status but 503', async () => {
    problems.length = 0
    const base = '/contract-a/webhooks'
    const url = `http://${assetHost}/hook`
    const created = await call({ method: 'POST', path: base, key: keys.write, json: { url } })
    expect(created.status).toBe(201)
    expect(String(created.body.secret)).toMatch(/^whsec_/)
    const id = String(created.body.id)
    const one = `${base}/${id}`
    const missing = `${base}/${randomUUID()}`
    expect((await call({ method: 'GET', path: base, key: keys.write })).status).toBe(200)
    expect((await call({ method: 'GET', path: one, key: keys.write })).status).toBe(200)
    const patched = await call({
      method: 'PATCH',
      path: one,
      key: keys.write,
      json: { events: ['created', 'deleted'], description: 'listings' },
    })
    expect(patched.status).toBe(200)
    const test = await call({ method: 'POST', path: `${one}/test`, key: keys.write })
    expect(test.status).toBe(200)
    expect(test.body.state).toBe('succeeded')
    // A change's message, sent and finished, is sent again by hand; a test message is not (409).
    // Written past the checker: the kinds' own section checks creates against the document.
    const work = await fetch(`${app.origin}${partnerBase}/contract-a/works`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.write}`, 'content-type': 'application/json' },
      body: JSON.stringify(sampleBody('works', 'hooked')),
    })
    expect(work.status).toBe(201)
    type Sent = { id: string; type: string; state: string }
    await waitUntil({
      what: "the work's message to be sent",
      timeoutMs: 15_000,
      check: async () => {
        const page = await call({ method: 'GET', path: `${one}/deliveries`, key: keys.write })
        return (page.body.docs as Sent[]).some(
          (d) => d.type !== 'webhook.test' && d.state === 'succeeded',
        )
      },
    })
    const log = await call({ method: 'GET', path: `${one}/deliveries?limit=5`, key: keys.write })
    expect(log.status).toBe(200)
    const sent = log.body.docs as Sent[]
    const change = sent.find((d) => d.type !== 'webhook.test')!
    const retry = `${one}/deliveries/${change.id}/retry`
    expect((await call({ method: 'POST', path: retry, key: keys.write })).status).toBe(200)
    const tested = sent.find((d) => d.type === 'webhook.test')!
    const again = `${one}/deliveries/${tested.id}/retry`
    expect((await call({ method: 'POST', path: again, key: keys.write })).status).toBe(409)
    const rotated = await call({ method: 'POST', path: `${one}/rotate-secret`, key: keys.write })
    expect(rotated.status).toBe(200)
    expect(rotated.body.secret).not.toBe(created.body.secret)

    // Bad input: 400, 413, 415; nothing changes.
    for (const json of [
      {},
      { url: 'http://127.0.0.1:9/x' },
      { url, colour: 'red' },
      { url: 42 },
      { url, events: ['exploded'] },
      { url, kinds: 'events' },
      { url, active: 'yes' },
    ])
      expect((await call({ method: 'POST', path: base, key: keys.write, json })).status).toBe(400)
    expect(
      (await call({ method: 'PATCH', path: one, key: keys.write, json: { url: 'ftp://x.org' } }))
        .status,
    ).toBe(400)
    expect(
      (
        await call({
          method: 'POST',
          path: base,
          key: keys.write,
          raw: { type: 'application/json', text: '{"url":' },
        })
      ).status,
    ).toBe(400)
    expect(
      (await call({ method: 'GET', path: `${one}/deliveries?limit=0`, key: keys.write })).status,
    ).toBe(400)
    for (const method of ['POST', 'PATCH'])
      expect(
        (
          await call({
            method,
            path: method === 'POST' ? base : one,
            key: keys.write,
            json: hugeJson,
          })
        ).status,
      ).toBe(413)
    for (const method of ['POST', 'PATCH'])
      expect(
        (
          await call({
            method,
            path: method === 'POST' ? base : one,
            key: keys.write,
            raw: { type: 'text/plain', text: 'url=x' },
          })
        ).status,
      ).toBe(415)

    // Every route: 401 without a key, 403 for a read key and another tenant's key, 404 for an
    // id that is not the tenant's, 429 over the key's limit.
    const routes = [
      { method: 'GET', path: base },
      { method: 'POST', path: base, json: { url } },
      { method: 'GET', path: one },
      { method: 'PATCH', path: one, json: { description: 'x' } },
      { method: 'POST', path: `${one}/test` },
      { method: 'POST', path: `${one}/rotate-secret` },
      { method: 'GET', path: `${one}/deliveries` },
      { method: 'POST', path: retry },
      { method: 'DELETE', path: one },
    ]
    for (const request of routes) {
      expect((await call(request)).status).toBe(401)
      expect((await call({ ...request, key: keys.read })).status).toBe(403)
      expect((await call({ ...request, key: keys.other })).status).toBe(403)
      expect((await limited(request)).status).toBe(429)
      if (request.path !== base)
        expect(
          (
            await call({
              ...request,
              path: request.path.replace(id, randomUUID()),
              key: keys.write,
            })
          ).status,
        ).toBe(404)
    }
    expect(
      (await call({ method: 'GET', path: `${missing}/deliveries`, key: keys.write })).status,
    ).toBe(404)
    expect(
      (
        await call({
          method: 'POST',
          path: `${one}/deliveries/${randomUUID()}/retry`,
          key: keys.write,
        })
      ).status,
    ).toBe(404)
    expect((await call({ method: 'DELETE', path: one, key: keys.write })).status).toBe(204)
    expect((await call({ method: 'GET', path: one, key: keys.write })).status).toBe(404)

    expect(problems).toEqual([])
    const documented = checker.documented()
    for (const route of tenantRoutes.filter((r) => r.tag === 'Webhooks')) {
      const seen = checker.seen().get(route.operationId) ?? new Set()
      const unseen = (documented.get(route.operationId) ?? []).filter(
        (status) => status !== 503 && !seen.has(status),
      )
      expect(unseen, route.operationId).toEqual([])
    }
  })

  it('scheduled changes: every documented status but 503', async () => {
    problems.length = 0
    const base = '/contract-a/scheduled-changes'
    const draft = await call({
      method: 'POST',
      path: '/contract-a/events',
      key: keys.write,
      json: { id: randomUUID(), title: 'Scheduled premiere', _status: 'draft' },
    })
    expect(draft.status).toBe(201)
    const record = String(draft.body.id)
    const at = new Date(Date.now() + 3_600_000).toISOString()
    const created = await call({
      method: 'POST',
      path: base,
      key: keys.write,
      json: { kind: 'events', record, action: 'publish', at },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({ kind: 'events', record, action: 'publish', at })
    const one = `${base}/${String(created.body.id)}`
    const listed = await call({ method: 'GET', path: `${base}?record=${record}`, key: keys.read })
    expect(listed.status).toBe(200)
    expect((listed.body.docs as { id: string }[]).map((d) => d.id)).toEqual([created.body.id])

    // Bad input: 400, 413, 415; nothing is scheduled.
    for (const json of [
      {},
      { kind: 'events', record, action: 'publish' },
      { kind: 'works', record, action: 'publish', at },
      { kind: 'events', record, action: 'explode', at },
      { kind: 'events', record: 'x', action: 'publish', at },
      { kind: 'events', record, action: 'publish', at: 'tomorrow' },
      { kind: 'events', record, action: 'publish', at: '2001-01-01T00:00:00Z' },
      { kind: 'events', record, action: 'publish', at, colour: 'red' },
    ])
      expect(
        (await call({ method: 'POST', path: base, key: keys.write, json })).status,
        JSON.stringify(json),
      ).toBe(400)
    expect(
      (
        await call({
          method: 'POST',
          path: base,
          key: keys.write,
          raw: { type: 'application/json', text: '{"kind":' },
        })
      ).status,
    ).toBe(400)
    expect(
      (await call({ method: 'POST', path: base, key: keys.write, json: hugeJson })).status,
    ).toBe(413)
    expect(
      (
        await call({
          method: 'POST',
          path: base,
          key: keys.write,
          raw: { type: 'text/plain', text: 'x' },
        })
      ).status,
    ).toBe(415)
    expect((await call({ method: 'GET', path: `${base}?colour=red`, key: keys.read })).status).toBe(
      400,
    )
    expect((await call({ method: 'GET', path: `${base}?record=x`, key: keys.read })).status).toBe(
      400,
    )
    // A record that is not the tenant's is missing.
    expect(
      (
        await call({
          method: 'POST',
          path: base,
          key: keys.write,
          json: { kind: 'events', record: randomUUID(), action: 'publish', at },
        })
      ).status,
    ).toBe(404)
    expect(
      (await call({ method: 'GET', path: `${base}?record=${record}`, key: keys.read })).body.docs,
    ).toHaveLength(1)

    // Every route: 401 without a key, 403 for another tenant's key (and a read key's writes),
    // 429 over the key's limit; 404 for a change that is not the tenant's.
    const routes = [
      { method: 'GET', path: base, write: false },
      {
        method: 'POST',
        path: base,
        json: { kind: 'events', record, action: 'publish', at },
        write: true,
      },
      { method: 'DELETE', path: one, write: true },
    ]
    for (const { write, ...request } of routes) {
      expect((await call(request)).status).toBe(401)
      if (write) expect((await call({ ...request, key: keys.read })).status).toBe(403)
      expect((await call({ ...request, key: keys.other })).status).toBe(403)
      expect((await limited(request)).status).toBe(429)
    }
    expect(
      (await call({ method: 'DELETE', path: `${base}/${randomUUID()}`, key: keys.write })).status,
    ).toBe(404)
    expect((await call({ method: 'DELETE', path: one, key: keys.write })).status).toBe(204)
    expect((await call({ method: 'DELETE', path: one, key: keys.write })).status).toBe(404)
    expect(
      (await call({ method: 'GET', path: `${base}?record=${record}`, key: keys.read })).body
        .docs as { id: string }[],
    ).not.toContainEqual(expect.objectContaining({ id: created.body.id }))
    expect(problems).toEqual([])
  })

  it('with the database away every operation answers 503 with Retry-After, as documented', async () => {
    problems.length = 0
    // A second instance whose database connection runs through a proxy this test can cut.
    const sockets = new Set<net.Socket>()
    const target = new URL(process.env.DATABASE_URI as string)
    const proxy = net.createServer((socket) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname)
      for (const s of [socket, upstream]) {
        sockets.add(s)
        s.on('error', () => s.destroy())
        s.on('close', () => sockets.delete(s))
      }
      socket.pipe(upstream).pipe(socket)
    })
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r))
    const proxied = new URL(target)
    proxied.host = `127.0.0.1:${(proxy.address() as AddressInfo).port}`
    const away = await startApp({
      databaseUri: proxied.toString(),
      env: { DB_CONNECT_TIMEOUT_MS: '1000' },
    })
    try {
      proxy.close()
      for (const socket of sockets) socket.destroy()
      for (const route of [...partnerRoutes, ...tenantRoutes]) {
        const path = `${partnerBase}${route.path.replace('{tenant}', 'contract-a').replace(/\{\w+\}/g, () => randomUUID())}`
        const json =
          route.method === 'POST' || route.method === 'PATCH' ? { title: 'x' } : undefined
        const res = await fetch(`${away.origin}${path}`, {
          method: route.method,
          headers: {
            authorization: `Bearer ${keys.write}`,
            ...(json ? { 'content-type': 'application/json' } : {}),
          },
          body: json ? JSON.stringify(json) : undefined,
        })
        const text = await res.text()
        expect(res.status, `${route.operationId}: ${text}`).toBe(503)
        problems.push(
          ...checker.check({
            method: route.method,
            url: `${away.origin}${path}`,
            status: res.status,
            headers: res.headers,
            text,
          }),
        )
      }
    } finally {
      await away.stop()
    }
    expect(problems).toEqual([])
  })

  it('every operation was seen answering every status the document gives it', () => {
    const seen = checker.seen()
    const missing = [...checker.documented()].flatMap(([operationId, statuses]) =>
      statuses
        .filter((status) => !seen.get(operationId)?.has(status))
        .map((s) => `${operationId} ${s}`),
    )
    expect(missing).toEqual([])
  })

  it('the checker itself refuses what the document does not say', () => {
    const wrong = checker.check({
      method: 'GET',
      url: `${partnerBase}/contract-a/works/${randomUUID()}`,
      status: 200,
      headers: new Headers({ 'content-type': 'application/json' }),
      text: JSON.stringify({ id: 42, title: ['not', 'a', 'string'] }),
    })
    expect(wrong.join('\n')).toMatch(/does not match the schema/)
    const undocumented = checker.check({
      method: 'GET',
      url: `${partnerBase}/contract-a/works`,
      status: 418,
      headers: new Headers(),
      text: '',
    })
    expect(undocumented.join('\n')).toMatch(/status not documented/)
    const noLocation = checker.check({
      method: 'POST',
      url: `${partnerBase}/contract-a/works`,
      status: 201,
      headers: new Headers({ 'content-type': 'application/json' }),
      text: '{}',
    })
    expect(noLocation.join('\n')).toMatch(/header Location missing/)
    const tooLenient = checker.check({
      method: 'PATCH',
      url: `${partnerBase}/contract-a/works/${randomUUID()}`,
      status: 200,
      headers: new Headers({ 'content-type': 'application/json' }),
      text: '{}',
      requestJson: { title: 5 },
    })
    expect(tooLenient.join('\n')).toMatch(/accepted a body the document refuses/)
    expect(tenantA.slug).toBe('contract-a')
  })
})
