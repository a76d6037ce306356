import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freePort } from '../../src/db/embeddedPostgres'
import { postgresOf } from '../../src/db/postgres'
import type { Tenant } from '../../src/payload-types'
import { projectRoot, startApp, waitUntil, type RunningApp } from '../helpers/app'
import { createKey, partnerBase } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'
import { createTenant } from '../helpers/tenants'

/**
 * What an operator of many instances behind a balancer sees: whose address a request is
 * counted under, its id on the answer and in the log, and the figures on the metrics port.
 * Two apps: one that trusts the test's own address (127.0.0.1) as its balancer, one that
 * trusts nobody.
 */
let payload: Payload
let tenant: Tenant
let key: string
let behind: RunningApp
let direct: RunningApp
let metricsPort: number

const failedAuthLimit = 3
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const get = (
  app: RunningApp,
  path: string,
  headers: Record<string, string> = {},
  init: RequestInit = {},
) => fetch(`${app.origin}${path}`, { ...init, headers })

const partnerGet = (app: RunningApp, path: string, headers: Record<string, string> = {}) =>
  get(app, `${partnerBase}/obs-home${path}`, { authorization: `Bearer ${key}`, ...headers })

const badKey = { authorization: 'Bearer cms_nope_notakeyatall' }

const metrics = async (): Promise<string> =>
  (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()

/** The access lines the app has written: its JSON lines that describe a request. */
const accessLines = (app: RunningApp): Record<string, unknown>[] =>
  app
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === 'request')

beforeAll(async () => {
  payload = await getTestPayload()
  tenant = await createTenant({ payload, slug: 'obs-home' })
  key = await createKey({ payload, tenants: [tenant], scope: 'read' })
  metricsPort = await freePort()
  const limits = {
    PARTNER_FAILED_AUTH_PER_MINUTE: String(failedAuthLimit),
    REQUEST_BODY_LIMIT_BYTES: '1000',
  }
  ;[behind, direct] = await Promise.all([
    startApp({
      env: {
        ...limits,
        TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1',
        METRICS_PORT: String(metricsPort),
        SERVER_TIMING: 'on',
      },
    }),
    startApp({ env: limits }),
  ])
})

afterAll(async () => {
  await Promise.all([behind?.stop(), direct?.stop()])
})

/** The answer's `Server-Timing` steps: milliseconds by name. */
const stepsOf = (res: Response): Record<string, number> =>
  Object.fromEntries(
    (res.headers.get('server-timing') ?? '').split(', ').map((entry) => {
      const [name, duration] = entry.split(';dur=')
      return [name, Number(duration)]
    }),
  )

describe('server timing', () => {
  it('with SERVER_TIMING=on says where a partner create spent its time; off, nothing', async () => {
    const writeKey = await createKey({ payload, tenants: [tenant], scope: 'write' })
    const create = (app: RunningApp, title: string) =>
      fetch(`${app.origin}/api/partners/2025-07/obs-home/works`, {
        method: 'POST',
        headers: { authorization: `Bearer ${writeKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title }),
      })
    const timed = await create(behind, 'Timed')
    expect(timed.status).toBe(201)
    const steps = stepsOf(timed)
    for (const step of ['auth', 'input', 'operation', 'validate', 'store', 'present', 'sql'])
      expect(Number.isFinite(steps[step]), step).toBe(true)
    // The change log's entry and the COMMIT, inside Payload's create.
    expect(steps.commit).toBeGreaterThan(0)
    expect(steps.commit).toBeLessThanOrEqual(steps.store!)
    // Every collection hook is its own step, named as it was registered (a production build
    // renames the functions themselves): the change log and the tenant check are a create's.
    for (const hook of [
      'hook.afterChange.logChange',
      'hook.beforeChange.ensureSameTenantReferences',
    ])
      expect(Number.isFinite(steps[hook]), hook).toBe(true)
    expect(steps.total).toBeGreaterThan(0)
    expect(steps.store).toBeLessThanOrEqual(steps.total!)
    const untimed = await create(direct, 'Untimed')
    expect(untimed.status).toBe(201)
    expect(untimed.headers.get('server-timing')).toBeNull()
  })

  it("counts an uncached read's statements, sent in one pipeline, as its sql step", async () => {
    // Queries no one has asked before: the cache misses and the page and its count are read.
    // The first also looks the key up; the second's statements are the list's alone.
    const unasked = () => `/works?limit=7&sort=-title&where[title][not_equals]=${randomUUID()}`
    expect((await partnerGet(behind, unasked())).status).toBe(200)
    const read = await partnerGet(behind, unasked())
    expect(read.status).toBe(200)
    const steps = stepsOf(read)
    expect(steps.operation).toBeGreaterThan(0)
    expect(steps.sql).toBeGreaterThan(0)
    expect(steps.sql).toBeLessThanOrEqual(steps.total!)
  })
})

describe('request ids', () => {
  it('every answer carries one: a partner read, its problems, a media file, a refused body', async () => {
    const read = await partnerGet(behind, '/works')
    expect(read.status).toBe(200)
    expect(read.headers.get('x-request-id')).toMatch(uuid)

    for (const [res, status] of [
      [await partnerGet(behind, '/works', badKey), 401],
      [await partnerGet(behind, '/no-such-kind/1/2/3'), 404],
      [await get(behind, `/api/media/file/${randomUUID()}.png`), 404],
      [
        await get(
          behind,
          '/api/users',
          { 'content-type': 'application/json' },
          { method: 'POST', body: JSON.stringify({ padding: 'x'.repeat(2_000) }) },
        ),
        413,
      ],
    ] as const) {
      expect(res.status).toBe(status)
      expect(res.headers.get('content-type')).toBe('application/problem+json')
      const id = res.headers.get('x-request-id')
      expect(id).toMatch(uuid)
      expect(((await res.json()) as { requestId?: string }).requestId, String(status)).toBe(id)
    }
  })

  it("Next's own routes carry one too", async () => {
    const res = await get(behind, '/api/ready')
    expect(res.headers.get('x-request-id')).toMatch(uuid)
  })

  it('an incoming id is kept from a trusted proxy only, and only when sane', async () => {
    const fromProxy = await partnerGet(behind, '/works', { 'x-request-id': 'lb-7:abc.123' })
    expect(fromProxy.headers.get('x-request-id')).toBe('lb-7:abc.123')
    const problem = await partnerGet(behind, '/works', { ...badKey, 'x-request-id': 'lb-7:def' })
    expect(((await problem.json()) as { requestId: string }).requestId).toBe('lb-7:def')
    const insane = await partnerGet(behind, '/works', { 'x-request-id': 'a b<c>' })
    expect(insane.headers.get('x-request-id')).toMatch(uuid)
    const forged = await partnerGet(direct, '/works', { 'x-request-id': 'forged-1' })
    expect(forged.status).toBe(200)
    expect(forged.headers.get('x-request-id')).toMatch(uuid)
  })
})

describe('the client address behind a balancer', () => {
  it("a trusted proxy's X-Forwarded-For says whose failed authentications are counted", async () => {
    const from = (address: string) => ({ 'x-forwarded-for': `${address}, 10.1.2.3` })
    for (let i = 0; i < failedAuthLimit; i++)
      expect(
        (await partnerGet(behind, '/works', { ...badKey, ...from('198.51.100.1') })).status,
      ).toBe(401)
    expect(
      (await partnerGet(behind, '/works', { ...badKey, ...from('198.51.100.1') })).status,
    ).toBe(429)
    // Another client behind the same balancer is still answered.
    expect(
      (await partnerGet(behind, '/works', { ...badKey, ...from('198.51.100.2') })).status,
    ).toBe(401)
    // And a valid key from the refused address still works.
    expect((await partnerGet(behind, '/works', from('198.51.100.1'))).status).toBe(200)
  })

  it('from an untrusted peer a forged X-Forwarded-For does not escape the limit', async () => {
    for (let i = 0; i < failedAuthLimit; i++) {
      const res = await partnerGet(direct, '/works', {
        ...badKey,
        'x-forwarded-for': `203.0.113.${i}`,
      })
      expect(res.status).toBe(401)
    }
    const res = await partnerGet(direct, '/works', { ...badKey, 'x-forwarded-for': '203.0.113.99' })
    expect(res.status).toBe(429)
  })

  it('an invalid TRUSTED_PROXIES refuses to start, naming the entry', async () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server.ts'], {
      cwd: projectRoot,
      env: { ...process.env, TRUSTED_PROXIES: '10.0.0.0/8, proxy.internal' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(
      /\[cms\] failed to start: Setting TRUSTED_PROXIES: "proxy.internal" is not an IP address/,
    )
  })
})

describe('the access log', () => {
  it('writes one JSON line per request with its id, route, status, duration, tenant and client', async () => {
    const res = await partnerGet(behind, '/works?limit=2', {
      'x-forwarded-for': '198.51.100.77',
      'x-request-id': 'access-line-1',
    })
    expect(res.status).toBe(200)
    const line = await waitUntil({
      what: 'the access line',
      timeoutMs: 5_000,
      check: async () => accessLines(behind).some((l) => l.requestId === 'access-line-1'),
    }).then(() => accessLines(behind).find((l) => l.requestId === 'access-line-1'))
    expect(line).toMatchObject({
      requestId: 'access-line-1',
      method: 'GET',
      route: `GET ${partnerBase}/{tenant}/works`,
      status: 200,
      tenant: 'obs-home',
      clientAddress: '198.51.100.77',
    })
    expect(line?.durationMs).toEqual(expect.any(Number))
    // One line for the request, not one per step.
    expect(accessLines(behind).filter((l) => l.requestId === 'access-line-1')).toHaveLength(1)
  })

  it("repeats the request id on Payload's own lines written for the request", async () => {
    // Payload logs the 404 of a REST read it cannot find.
    const res = await get(behind, `/api/users/${randomUUID()}`, {
      'x-request-id': 'payload-line-1',
    })
    expect(res.status).toBeGreaterThanOrEqual(400)
    const payloadLines = () =>
      behind
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{') && line.includes('"requestId":"payload-line-1"'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    await waitUntil({
      what: "Payload's line and the access line",
      timeoutMs: 5_000,
      check: async () => payloadLines().length >= 2,
    })
    expect(payloadLines().map((line) => line.name)).toEqual(
      expect.arrayContaining(['payload', 'cms']),
    )
  })

  it('keeps each answer and access line to its own request when answers go out together', async () => {
    // Answers of one turn of the event loop are written together (`writeSoon.ts`).
    const ids = Array.from({ length: 12 }, (_, i) => `together-${i}`)
    const answers = await Promise.all(
      ids.map((id, i) =>
        partnerGet(behind, i % 2 ? `/works?limit=${i}` : '/nothing-here', { 'x-request-id': id }),
      ),
    )
    answers.forEach((res, i) => {
      expect(res.headers.get('x-request-id')).toBe(ids[i])
      expect(res.status).toBe(i % 2 ? 200 : 404)
    })
    await waitUntil({
      what: 'the access lines',
      timeoutMs: 5_000,
      check: async () => ids.every((id) => accessLines(behind).some((l) => l.requestId === id)),
    })
    ids.forEach((id, i) => {
      const lines = accessLines(behind).filter((l) => l.requestId === id)
      expect(lines).toHaveLength(1)
      expect(lines[0]?.status).toBe(i % 2 ? 200 : 404)
    })
  })

  it('names the path without its query where there is no template', async () => {
    await get(behind, '/api/ready?secret=x', { 'x-request-id': 'access-line-2' })
    await waitUntil({
      what: 'the access line',
      timeoutMs: 5_000,
      check: async () => accessLines(behind).some((l) => l.requestId === 'access-line-2'),
    })
    expect(accessLines(behind).find((l) => l.requestId === 'access-line-2')).toMatchObject({
      route: '/api/ready',
      status: 200,
    })
  })
})

describe('metrics', () => {
  it('are served on the metrics port only', async () => {
    expect((await get(behind, '/metrics')).status).toBe(404)
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/plain')
  })

  it('count requests and time them by route, and count read cache hits', async () => {
    expect((await partnerGet(behind, '/works?limit=3')).status).toBe(200)
    expect((await partnerGet(behind, '/works?limit=3')).status).toBe(200)
    await get(behind, `/api/media/file/${randomUUID()}.png`)
    const text = await metrics()
    expect(text).toMatch(/cms_http_requests_total\{route="partner:listWorks",status="200"\} \d+/)
    expect(text).toMatch(/cms_http_requests_total\{route="partner:listWorks",status="401"\} \d+/)
    expect(text).toMatch(/cms_http_requests_total\{route="partner:listWorks",status="429"\} \d+/)
    expect(text).toMatch(/cms_http_requests_total\{route="media:file",status="404"\} \d+/)
    expect(text).toMatch(/cms_http_requests_total\{route="payload-rest",status="413"\} \d+/)
    expect(text).toMatch(
      /cms_http_request_duration_seconds_bucket\{le="\+Inf",route="partner:listWorks",status_class="2xx"\} \d+/,
    )
    expect(text).toMatch(/cms_partner_cache_reads_total\{result="hit"\} [1-9]/)
    expect(text).toMatch(/cms_partner_cache_reads_total\{result="miss"\} [1-9]/)
    // No raw path ever becomes a label.
    expect(text).not.toContain('obs-home/works')
    expect(text).toMatch(/^process_cpu_user_seconds_total /m)
  })

  it("show the database pool's connections", async () => {
    const text = await metrics()
    expect(text).toMatch(/^cms_db_pool_connections [1-9]/m)
    expect(text).toMatch(/^cms_db_pool_idle_connections \d+/m)
    expect(text).toMatch(/^cms_db_pool_waiting_clients \d+/m)
    // A lone database has no replicas: the gauge has no series.
    expect(text).toContain('# TYPE cms_db_replica_lag_seconds gauge')
    expect(text).not.toContain('cms_db_replica_lag_seconds{')
  })

  it("show a tenant's webhook backlog and its sync runs", async () => {
    const hook = await payload.create({
      collection: 'webhooks',
      data: { tenant: tenant.id, url: 'https://hooks.example.org/obs', active: true },
    })
    await postgresOf(payload).drizzle.execute(sql`
      insert into webhook_deliveries (tenant_id, webhook_id, type, fields, changed_at, state,
        attempts, next_attempt_at, updated_at, created_at)
      values (${tenant.id}, ${hook.id}, 'webhook.test', '[]'::jsonb, now(), 'pending', 0,
        now(), now(), now())`)
    const connection = await payload.create({
      collection: 'ticketing-connections',
      data: {
        tenant: tenant.id,
        name: 'Observed box office',
        provider: 'spektrix',
        spektrix: { clientName: 'demo', baseUrl: 'https://spektrix.example.org' },
      } as never,
    })
    await payload.create({
      collection: 'ticketing-sync-runs',
      data: {
        tenant: tenant.id,
        connection: connection.id,
        provider: 'spektrix',
        trigger: 'manual',
        status: 'queued',
        queuedAt: new Date().toISOString(),
      } as never,
    })
    const text = await metrics()
    expect(text).toContain('cms_webhook_deliveries_pending{tenant="obs-home"} 1')
    expect(text).toContain('cms_ticketing_sync_runs{tenant="obs-home",status="queued"} 1')
  })
})
