import { randomUUID } from 'node:crypto'
import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { kindSpecs } from '../helpers/kinds'
import { partnerRoutes, contributedRoutes } from '../helpers/kinds'
import type { Tenant } from '../../src/payload-types'
import { postgresOf } from '../../src/db/postgres'
import { pruneChangeLog } from '../../src/plugins/changeLog/exports'
import { makeImage } from '../../src/seed/images'
import { startApp, waitUntil, type RunningApp } from '../helpers/app'
import { contractChecker, type Document31 } from '../helpers/contract'
import { checkedCall, checkKindContract, type Call } from '../helpers/kindContract'
import { getTestPayload } from '../helpers/payload'
import { createKey, partnerBase, sampleBody } from '../helpers/partner'
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

/** A whole body just over the 1 MiB JSON limit. */
const hugeJson = { title: 'x'.repeat(1_100_000) }

const call = checkedCall({
  base: () => `${app.origin}${partnerBase}`,
  checker: () => checker,
  problems,
})

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
  for (const spec of kindSpecs) {
    it(`${spec.path}: successes and every documented error match the document`, async () => {
      await checkKindContract(
        {
          call,
          tenant: 'contract-a',
          keys,
          checker,
          problems,
          kinds: kindSpecs,
          uniqueField,
          operationIds: (kind) =>
            partnerRoutes.filter((r) => r.kind.path === kind).map((r) => r.operationId),
          upload: {
            form: imageForm,
            tooLarge: () => imageForm({}, Buffer.alloc(mediaLimit + 1000)),
            remoteSrc: `http://${assetHost}/poster.png`,
          },
        },
        spec,
      )
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
    for (const route of contributedRoutes.filter((r) => r.tag === 'Webhooks')) {
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

  it('preview links: every documented status but 503, and the keyless read they allow', async () => {
    problems.length = 0
    const drafts: Record<string, string> = {}
    for (const kind of ['events', 'pages']) {
      const draft = await call({
        method: 'POST',
        path: `/contract-a/${kind}`,
        key: keys.write,
        json: { id: randomUUID(), title: `Preview ${kind}`, _status: 'draft' },
      })
      expect(draft.status).toBe(201)
      drafts[kind] = String(draft.body.id)
    }
    for (const [kind, id] of Object.entries(drafts)) {
      const path = `/contract-a/${kind}/${id}/preview-links`
      const made = await call({ method: 'POST', path, key: keys.write, json: {} })
      expect(made.status, JSON.stringify(made.body)).toBe(201)
      // The keyless read the token allows answers as the retrieve's document says.
      const read = await call({
        method: 'GET',
        path: `/contract-a/${kind}/${id}?preview=${encodeURIComponent(String(made.body.token))}`,
      })
      expect(read.status).toBe(200)
      expect(read.body.id).toBe(id)
      expect(
        (await call({ method: 'GET', path: `/contract-a/${kind}/${id}?preview=forged` })).status,
      ).toBe(401)
      for (const json of [{ expiresInHours: 0 }, { expiresInHours: 'soon' }, { colour: 'red' }])
        expect((await call({ method: 'POST', path, key: keys.write, json })).status).toBe(400)
      expect((await call({ method: 'POST', path, key: keys.write, json: hugeJson })).status).toBe(
        413,
      )
      expect(
        (
          await call({
            method: 'POST',
            path,
            key: keys.write,
            raw: { type: 'text/plain', text: 'x' },
          })
        ).status,
      ).toBe(415)
      expect(
        (
          await call({
            method: 'POST',
            path: `/contract-a/${kind}/${randomUUID()}/preview-links`,
            key: keys.write,
            json: {},
          })
        ).status,
      ).toBe(404)
      const request = { method: 'POST', path, json: {} }
      expect((await call(request)).status).toBe(401)
      expect((await call({ ...request, key: keys.read })).status).toBe(403)
      expect((await call({ ...request, key: keys.other })).status).toBe(403)
      expect((await limited(request)).status).toBe(429)
    }
    const made = await call({
      method: 'POST',
      path: `/contract-a/events/${drafts.events}/preview-links`,
      key: keys.write,
      json: { expiresInHours: 1 },
    })
    const revoke = { method: 'DELETE', path: `/contract-a/preview-links/${String(made.body.id)}` }
    expect((await call(revoke)).status).toBe(401)
    expect((await call({ ...revoke, key: keys.read })).status).toBe(403)
    expect((await call({ ...revoke, key: keys.other })).status).toBe(403)
    expect((await limited(revoke)).status).toBe(429)
    expect(
      (
        await call({
          method: 'DELETE',
          path: `/contract-a/preview-links/${randomUUID()}`,
          key: keys.write,
        })
      ).status,
    ).toBe(404)
    expect((await call({ ...revoke, key: keys.write })).status).toBe(204)
    expect(problems).toEqual([])
  })

  it('ticketing connections and sync runs: every documented status but 503', async () => {
    problems.length = 0
    const base = '/contract-a/ticketing-connections'
    const runs = '/contract-a/ticketing-sync-runs'
    const body = {
      name: 'Box office',
      provider: 'spektrix',
      spektrix: { clientName: 'demo' },
      credentials: { apiUser: 'user', apiKey: 'contract-secret-key' },
    }
    const created = await call({ method: 'POST', path: base, key: keys.write, json: body })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.credentialsSet).toEqual({ apiUser: true, apiKey: true })
    const one = `${base}/${String(created.body.id)}`
    expect((await call({ method: 'GET', path: base, key: keys.read })).status).toBe(200)
    expect((await call({ method: 'GET', path: one, key: keys.read })).status).toBe(200)
    expect(
      (await call({ method: 'PATCH', path: one, key: keys.write, json: { daysAhead: 30 } })).body
        .daysAhead,
    ).toBe(30)

    // This app runs no syncs: the run stays queued, and a second request meets it.
    const sync = await call({
      method: 'POST',
      path: `${one}/sync`,
      key: keys.write,
      json: { dryRun: true },
    })
    expect(sync.status, JSON.stringify(sync.body)).toBe(202)
    expect(sync.body).toMatchObject({ status: 'queued', dryRun: true })
    const run = `${runs}/${String(sync.body.id)}`
    expect(
      (await call({ method: 'POST', path: `${one}/sync`, key: keys.write, json: {} })).status,
    ).toBe(409)
    expect((await call({ method: 'GET', path: run, key: keys.read })).status).toBe(200)
    expect(
      (
        await call({
          method: 'GET',
          path: `${runs}?connection=${String(created.body.id)}&status=queued`,
          key: keys.read,
        })
      ).body.totalDocs,
    ).toBe(1)

    // Bad input: 400, 413, 415; nothing changes.
    for (const [method, path, json] of [
      ['POST', base, {}],
      ['POST', base, { ...body, colour: 'red' }],
      ['POST', base, { ...body, spektrix: { clientName: 'Not Valid' } }],
      ['POST', base, { ...body, spektrix: { clientName: 'x', baseUrl: 'http://127.0.0.1:1' } }],
      ['PATCH', one, { syncEveryMinutes: 2 }],
      ['PATCH', one, { credentials: { token: 'x' } }],
      ['POST', `${one}/sync`, { dryRun: 'yes' }],
    ] as const)
      expect(
        (await call({ method, path, key: keys.write, json })).status,
        `${method} ${path} ${JSON.stringify(json)}`,
      ).toBe(400)
    for (const path of [base, one, `${one}/sync`]) {
      const method = path === one ? 'PATCH' : 'POST'
      expect((await call({ method, path, key: keys.write, json: hugeJson })).status).toBe(413)
      expect(
        (
          await call({
            method,
            path,
            key: keys.write,
            raw: { type: 'text/plain', text: 'x' },
          })
        ).status,
      ).toBe(415)
    }
    for (const query of ['?status=done', '?connection=x', '?colour=red', '?limit=0'])
      expect((await call({ method: 'GET', path: `${runs}${query}`, key: keys.read })).status).toBe(
        400,
      )

    // Every route: 401 without a key, 403 for another tenant's key (and a read key's writes),
    // 429 over the key's limit; 404 for what is not the tenant's.
    const routes = [
      { method: 'GET', path: base, write: false },
      { method: 'POST', path: base, json: body, write: true },
      { method: 'GET', path: one, write: false },
      { method: 'PATCH', path: one, json: { name: 'Renamed' }, write: true },
      { method: 'DELETE', path: one, write: true },
      { method: 'POST', path: `${one}/sync`, json: {}, write: true },
      { method: 'GET', path: runs, write: false },
      { method: 'GET', path: run, write: false },
    ]
    for (const { write, ...request } of routes) {
      expect((await call(request)).status).toBe(401)
      if (write) expect((await call({ ...request, key: keys.read })).status).toBe(403)
      expect((await call({ ...request, key: keys.other })).status).toBe(403)
      expect((await limited(request)).status).toBe(429)
    }
    const missing = randomUUID()
    for (const request of [
      { method: 'GET', path: `${base}/${missing}` },
      { method: 'PATCH', path: `${base}/${missing}`, json: { name: 'x' } },
      { method: 'DELETE', path: `${base}/${missing}` },
      { method: 'POST', path: `${base}/${missing}/sync`, json: {} },
      { method: 'GET', path: `${runs}/${missing}` },
    ])
      expect((await call({ ...request, key: keys.write })).status, request.path).toBe(404)
    expect((await call({ method: 'DELETE', path: one, key: keys.write })).status).toBe(204)
    expect((await call({ method: 'GET', path: one, key: keys.read })).status).toBe(404)
    // Its queued run went with it.
    expect((await call({ method: 'GET', path: run, key: keys.read })).status).toBe(404)
    expect(problems).toEqual([])
  })

  it('event feeds: JSON-LD and calendars, every documented status but 503', async () => {
    problems.length = 0
    const event = await call({
      method: 'POST',
      path: '/contract-a/events',
      key: keys.write,
      json: { id: randomUUID(), title: 'Contract feed show', _status: 'published' },
    })
    expect(event.status, JSON.stringify(event.body)).toBe(201)
    const show = await call({
      method: 'POST',
      path: '/contract-a/event-instances',
      key: keys.write,
      json: { id: randomUUID(), event: event.body.id, startDate: '2031-05-01T19:30:00.000Z' },
    })
    expect(show.status, JSON.stringify(show.body)).toBe(201)
    const paths = {
      jsonld: `/contract-a/events/${String(event.body.id)}/jsonld`,
      feed: '/contract-a/calendar.ics',
      one: `/contract-a/event-instances/${String(show.body.id)}/ics`,
    }
    for (const path of Object.values(paths)) {
      const ok = await call({ method: 'GET', path, key: keys.read })
      expect(ok.status, path).toBe(200)
      expect(
        (
          await call({
            method: 'GET',
            path,
            key: keys.read,
            headers: { 'if-none-match': ok.etag ?? '' },
          })
        ).status,
      ).toBe(304)
      expect(
        (await call({ method: 'GET', path: `${path}?colour=red`, key: keys.read })).status,
      ).toBe(400)
      // contract-a does not publish its feeds: without a key every one of them is 401.
      expect((await call({ method: 'GET', path })).status, path).toBe(401)
      expect((await call({ method: 'GET', path, key: keys.other })).status, path).toBe(403)
      expect((await limited({ method: 'GET', path })).status, path).toBe(429)
    }
    expect(
      (await call({ method: 'GET', path: `${paths.feed}?venue=x`, key: keys.read })).status,
    ).toBe(400)
    for (const path of [
      `/contract-a/events/${randomUUID()}/jsonld`,
      `/contract-a/event-instances/${randomUUID()}/ics`,
    ])
      expect((await call({ method: 'GET', path, key: keys.read })).status, path).toBe(404)
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
      for (const route of [...partnerRoutes, ...contributedRoutes]) {
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
