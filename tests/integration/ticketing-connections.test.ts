import net from 'node:net'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Tenant, TicketingSyncRun } from '../../src/payload-types'
import { pruneSyncRuns } from '../../src/plugins/ticketing/exports'
import { signIn, type AdminClient } from '../helpers/admin'
import { startApp, waitUntil, type RunningApp } from '../helpers/app'
import { createKey, partner } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'
import { createTenant, createUser } from '../helpers/tenants'

/**
 * Ticketing connections and sync runs through real HTTP: the partner routes, Payload's REST and
 * GraphQL, and the runner of two app instances on one database. The engine is whatever
 * `executeSync` is; each connection here points at a loopback port nothing listens on, so a run
 * ends `failed` with the engine's message, and no test reaches the internet.
 */

const password = 'ticketing-test-password'
const apiKey = 'spektrix-SECRET-key-7f3a9c'
const apiUser = 'spektrix-SECRET-user-41b2'
let app: RunningApp
let payload: Payload
let a: Tenant
let b: Tenant
let deadHost = ''
let keys: { write: string; read: string; other: string }
let adminA: AdminClient
let editorA: AdminClient
let adminB: AdminClient
let db: pg.Client

/** A loopback port nothing listens on: a connection there fails at once, reaching nothing. */
const closedPort = async (): Promise<number> => {
  const server = net.createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  await new Promise((r) => server.close(r))
  return port
}

const connectionBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  provider: 'spektrix',
  spektrix: { clientName: 'demo', baseUrl: `http://${deadHost}` },
  ...extra,
})

const api = (key: string, tenant = 'tix-a') => partner({ origin: app.origin, tenant, key })

const connectionCount = async (tenant: Tenant) =>
  (
    await payload.count({
      collection: 'ticketing-connections',
      where: { tenant: { equals: tenant.id } },
    })
  ).totalDocs

const makeConnection = async (name: string, extra: Record<string, unknown> = {}) => {
  const made = await api(keys.write).create('ticketing-connections', connectionBody(name, extra))
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  return String(made.body.id)
}

const runOf = (id: string) =>
  payload.findByID({ collection: 'ticketing-sync-runs', id, depth: 0 }) as Promise<TicketingSyncRun>

const finished = async (id: string): Promise<TicketingSyncRun> => {
  await waitUntil({
    check: async () => ['succeeded', 'failed'].includes((await runOf(id)).status),
    timeoutMs: 60_000,
    what: `run ${id} finishes`,
  })
  return runOf(id)
}

/** A run made directly, as the runner or a dead instance left it. */
const leaveRun = async ({
  tenant = a,
  connection,
  ...fields
}: { tenant?: Tenant; connection: string } & Partial<TicketingSyncRun>) =>
  payload.create({
    collection: 'ticketing-sync-runs',
    data: {
      tenant: tenant.id,
      connection,
      provider: 'spektrix',
      trigger: 'manual',
      queuedAt: new Date().toISOString(),
      ...fields,
      // Escape cast: a partial run, as the fields a test sets; Payload checks the rest.
    } as never,
  })

beforeAll(async () => {
  deadHost = `127.0.0.1:${await closedPort()}`
  payload = await getTestPayload()
  a = await createTenant({ payload, slug: 'tix-a' })
  b = await createTenant({ payload, slug: 'tix-b' })
  keys = {
    write: await createKey({ payload, tenants: [a], scope: 'write' }),
    read: await createKey({ payload, tenants: [a], scope: 'read' }),
    other: await createKey({ payload, tenants: [b], scope: 'write' }),
  }
  for (const [email, tenant, role] of [
    ['tix-admin-a@example.com', a, 'tenant-admin'],
    ['tix-editor-a@example.com', a, 'editor'],
    ['tix-admin-b@example.com', b, 'tenant-admin'],
  ] as const)
    await createUser({ payload, email, password, tenants: [{ tenant, roles: [role] }] })
  app = await startApp({
    env: {
      TICKETING_RUNNER: 'on',
      TICKETING_POLL_MS: '200',
      TICKETING_ALLOWED_HOSTS: deadHost,
      TICKETING_CONNECTIONS_PER_TENANT: '100',
    },
  })
  adminA = await signIn({ origin: app.origin, email: 'tix-admin-a@example.com', password })
  editorA = await signIn({ origin: app.origin, email: 'tix-editor-a@example.com', password })
  adminB = await signIn({ origin: app.origin, email: 'tix-admin-b@example.com', password })
  db = new pg.Client({ connectionString: process.env.DATABASE_URI })
  await db.connect()
})

afterAll(async () => {
  await db?.end()
  await app?.stop()
})

describe('connections', () => {
  it('are made through the partner API; credentials are sealed and never answered', async () => {
    const made = await api(keys.write).create(
      'ticketing-connections',
      connectionBody('Main house', { credentials: { apiUser, apiKey } }),
    )
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.headers.get('location')).toContain(`/tix-a/ticketing-connections/${made.body.id}`)
    expect(made.body.credentialsSet).toEqual({ apiUser: true, apiKey: true })
    expect(made.body).not.toHaveProperty('credentials')
    const id = String(made.body.id)

    const answers = [
      JSON.stringify(made.body),
      JSON.stringify((await api(keys.write).get('ticketing-connections', id)).body),
      JSON.stringify((await api(keys.read).list('ticketing-connections')).body),
      JSON.stringify((await adminA.get(`/api/ticketing-connections/${id}?depth=0`)).body),
      JSON.stringify((await adminA.get('/api/ticketing-connections?depth=0')).body),
      JSON.stringify((await editorA.get(`/api/ticketing-connections/${id}?depth=0`)).body),
      JSON.stringify(
        (
          await adminA.graphql(
            `query ($id: String!) { TicketingConnection(id: $id) { id credentials { apiUser apiKey } credentialsSet } }`,
            { id },
          )
        ).body,
      ),
    ]
    // Connections are settings, not records: the change feed (and so webhooks) never has them.
    const feed = await api(keys.read).call('GET', '/changes')
    expect(feed.status).toBe(200)
    answers.push(JSON.stringify(feed.body))
    expect(JSON.stringify(feed.body)).not.toContain(id)
    for (const text of answers) {
      expect(text).not.toContain(apiKey)
      expect(text).not.toContain(apiUser)
      expect(text).not.toContain('credentialsSealed')
    }
    const rest = await adminA.get(`/api/ticketing-connections/${id}?depth=0`)
    expect(rest.status).toBe(200)
    expect(rest.body.credentialsSet).toEqual({ apiUser: true, apiKey: true })

    // In the database: sealed, not the secret.
    const { rows } = await db.query('select * from ticketing_connections where id = $1', [id])
    const row = JSON.stringify(rows[0])
    expect(row).not.toContain(apiKey)
    expect(row).not.toContain(apiUser)
    expect(Object.keys(rows[0].credentials_sealed ?? {}).sort()).toEqual(['apiKey', 'apiUser'])

    // An empty string clears one; one left out is kept.
    const cleared = await api(keys.write).update('ticketing-connections', id, {
      credentials: { apiKey: '' },
    })
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200)
    expect(cleared.body.credentialsSet).toEqual({ apiUser: true, apiKey: false })
    const renamed = await adminA.patch(`/api/ticketing-connections/${id}`, { name: 'Main stage' })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    expect((await api(keys.read).get('ticketing-connections', id)).body).toMatchObject({
      name: 'Main stage',
      credentialsSet: { apiUser: true, apiKey: false },
    })
  })

  it("the admin's edit view has the sync buttons and never a credential", async () => {
    const made = await api(keys.write).create(
      'ticketing-connections',
      connectionBody('Admin view', { credentials: { apiKey } }),
    )
    expect(made.status).toBe(201)
    for (const client of [adminA, editorA]) {
      const page = await fetch(
        `${app.origin}/admin/collections/ticketing-connections/${made.body.id}`,
        {
          headers: { cookie: `payload-token=${client.token ?? ''}` },
        },
      )
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).toContain('Sync now')
      expect(html).toContain('Preview changes')
      expect(html).not.toContain(apiKey)
    }
  })

  it('refuses bad bodies with problem+json naming each field, and changes nothing', async () => {
    const before = await connectionCount(a)
    const bad: [string, unknown][] = [
      ['name', { provider: 'spektrix', spektrix: { clientName: 'demo' } }],
      ['unknown', connectionBody('x', { colour: 'red' })],
      ['spektrix.clientName', connectionBody('x', { spektrix: { clientName: 'Not Valid' } })],
      ['spektrix.clientName', { name: 'x', provider: 'spektrix' }],
      [
        'spektrix.baseUrl',
        connectionBody('x', { spektrix: { clientName: 'demo', baseUrl: 'http://127.0.0.1:5999' } }),
      ],
      [
        'spektrix.baseUrl',
        connectionBody('x', { spektrix: { clientName: 'demo', baseUrl: 'http://10.1.2.3/api' } }),
      ],
      [
        'spektrix.customDomain',
        connectionBody('x', { spektrix: { clientName: 'demo', customDomain: '192.168.1.9' } }),
      ],
      ['syncEveryMinutes', connectionBody('x', { syncEveryMinutes: 3 })],
      ['daysAhead', connectionBody('x', { daysAhead: 0 })],
      ['daysAhead', connectionBody('x', { daysAhead: 731 })],
      ['provider', connectionBody('x', { provider: 'tessitura' })],
      ['credentials', connectionBody('x', { credentials: { password: 'p' } })],
    ]
    for (const [field, body] of bad) {
      const res = await api(keys.write).create('ticketing-connections', body)
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400)
      expect(res.headers.get('content-type')).toContain('application/problem+json')
      expect(JSON.stringify(res.body.errors ?? res.body), field).toContain(
        field === 'unknown' ? 'colour' : field.split('.').pop()!,
      )
    }
    expect(await connectionCount(a)).toBe(before)
    // The allowed loopback host is taken.
    await makeConnection('Allowed stand-in')
    expect(await connectionCount(a)).toBe(before + 1)
  })

  it('a read key reads but never writes', async () => {
    const id = await makeConnection('Read me')
    const read = api(keys.read)
    expect((await read.get('ticketing-connections', id)).status).toBe(200)
    expect((await read.list('ticketing-sync-runs')).status).toBe(200)
    expect((await read.create('ticketing-connections', connectionBody('No'))).status).toBe(403)
    expect((await read.update('ticketing-connections', id, { name: 'No' })).status).toBe(403)
    expect((await read.remove('ticketing-connections', id)).status).toBe(403)
    expect(
      (await read.call('POST', `/ticketing-connections/${id}/sync`, { dryRun: true })).status,
    ).toBe(403)
    expect((await api(keys.write).get('ticketing-connections', id)).body.name).toBe('Read me')
  })

  it("another tenant's connection and run answer 404 exactly as missing ones, for every role", async () => {
    const id = await makeConnection('Private')
    const run = await leaveRun({ connection: id, status: 'succeeded' })
    const missing = '00000000-0000-4000-8000-000000000000'
    const other = api(keys.other, 'tix-b')
    for (const target of [id, missing]) {
      for (const res of [
        await other.get('ticketing-connections', target),
        await other.update('ticketing-connections', target, { name: 'Mine' }),
        await other.remove('ticketing-connections', target),
        await other.call('POST', `/ticketing-connections/${target}/sync`, { dryRun: false }),
      ]) {
        expect(res.status, target).toBe(404)
        expect(res.headers.get('content-type')).toContain('application/problem+json')
      }
    }
    expect((await other.get('ticketing-sync-runs', String(run.id))).status).toBe(404)
    expect((await other.get('ticketing-sync-runs', missing)).status).toBe(404)
    expect((await other.list('ticketing-sync-runs')).body.docs).toEqual([])
    expect((await other.list('ticketing-connections')).body.docs).toEqual([])
    for (const client of [adminB]) {
      expect((await client.get(`/api/ticketing-connections/${id}`)).status).toBe(404)
      expect((await client.get(`/api/ticketing-sync-runs/${run.id}`)).status).toBe(404)
      // Payload's REST answers a write outside the user's access 403, as it does everywhere.
      expect([403, 404]).toContain(
        (await client.patch(`/api/ticketing-connections/${id}`, { name: 'x' })).status,
      )
      expect((await client.post(`/api/ticketing-connections/${id}/sync`, {})).status).toBe(404)
    }
    // A's editor reads but does not change A's settings.
    expect((await editorA.get(`/api/ticketing-connections/${id}`)).status).toBe(200)
    expect(
      (await editorA.patch(`/api/ticketing-connections/${id}`, { name: 'x' })).status,
    ).toBeGreaterThanOrEqual(403)
    expect((await api(keys.write).get('ticketing-connections', id)).body.name).toBe('Private')
  })
})

describe('runs', () => {
  it('a sync answers 202 with the run, which the runner takes to its end', async () => {
    const id = await makeConnection('Sync me')
    const res = await api(keys.write).call('POST', `/ticketing-connections/${id}/sync`, {
      dryRun: true,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(202)
    expect(res.body).toMatchObject({ connection: id, dryRun: true, trigger: 'manual' })
    expect(res.body.requestedBy).toMatchObject({ type: 'key' })
    expect(res.headers.get('location')).toContain(`/tix-a/ticketing-sync-runs/${res.body.id}`)
    const run = await finished(String(res.body.id))
    // The engine's own words; here it cannot reach the box office, or is not built yet.
    expect(run.status).toBe('failed')
    expect(run.message).toEqual(expect.any(String))
    expect(run.message).not.toMatch(/stopped \d times|deadline/)
    expect(run.attempts).toBe(1)
    const read = await api(keys.read).get('ticketing-sync-runs', String(res.body.id))
    expect(read.body).toMatchObject({ status: 'failed', message: run.message, attempts: 1 })
    expect((await api(keys.read).get('ticketing-connections', id)).body.lastRun).toBe(res.body.id)
    // The admin's button runs the same operation, for an editor too.
    const byEditor = await editorA.post(`/api/ticketing-connections/${id}/sync`, { dryRun: false })
    expect(byEditor.status, JSON.stringify(byEditor.body)).toBe(202)
    expect((await finished(String(byEditor.body.id))).requestedBy).toBeTruthy()
  })

  it('a second request while one is queued answers 409 naming it', async () => {
    // The tenant's other connection has a run going: this one's waits in the queue.
    const busy = await makeConnection('Busy')
    const waiting = await makeConnection('Waiting')
    const going = await leaveRun({
      connection: busy,
      status: 'running',
      heartbeatAt: new Date().toISOString(),
      startedAt: new Date().toISOString(),
      attempts: 1,
    })
    const first = await api(keys.write).call('POST', `/ticketing-connections/${waiting}/sync`, {})
    expect(first.status).toBe(202)
    expect(first.body.status).toBe('queued')
    const second = await api(keys.write).call('POST', `/ticketing-connections/${waiting}/sync`, {
      dryRun: true,
    })
    expect(second.status).toBe(409)
    expect(second.headers.get('content-type')).toContain('application/problem+json')
    expect(String(second.body.detail)).toContain(String(first.body.id))
    expect((await adminA.post(`/api/ticketing-connections/${busy}/sync`, {})).status).toBe(409)
    // Bad bodies: 400, nothing queued.
    for (const body of [{ dryRun: 'yes' }, { force: true }])
      expect(
        (await api(keys.write).call('POST', `/ticketing-connections/${waiting}/sync`, body)).status,
      ).toBe(400)
    await payload.update({
      collection: 'ticketing-sync-runs',
      id: going.id,
      data: { status: 'failed', finishedAt: new Date().toISOString() },
    })
    expect((await finished(String(first.body.id))).status).toBe('failed')
    const listed = await api(keys.read).list(
      'ticketing-sync-runs',
      `?connection=${waiting}&status=failed&limit=1`,
    )
    expect(listed.status).toBe(200)
    expect(listed.body).toMatchObject({ limit: 1, totalDocs: 1, hasNextPage: false })
    expect(listed.body.docs?.[0]?.id).toBe(first.body.id)
    expect((await api(keys.read).list('ticketing-sync-runs', '?status=done')).status).toBe(400)
  })

  it('two instances polling one database run each run once', async () => {
    const second = await startApp({
      env: { TICKETING_RUNNER: 'on', TICKETING_POLL_MS: '200', TICKETING_ALLOWED_HOSTS: deadHost },
    })
    try {
      const tenants = await Promise.all(
        [1, 2, 3, 4].map((n) => createTenant({ payload, slug: `tix-pair-${n}` })),
      )
      const connections = await Promise.all(
        tenants.map(async (tenant, n) => {
          const key = await createKey({ payload, tenants: [tenant], scope: 'write' })
          const made = await partner({ origin: app.origin, tenant: tenant.slug, key }).create(
            'ticketing-connections',
            connectionBody(`Pair ${n}`),
          )
          expect(made.status).toBe(201)
          return { id: String(made.body.id) }
        }),
      )
      const runs = await Promise.all(
        connections.map((c, n) =>
          leaveRun({ tenant: tenants[n]!, connection: c.id, status: 'queued' }),
        ),
      )
      for (const run of runs) {
        const done = await finished(String(run.id))
        expect(done.attempts, String(run.id)).toBe(1)
        expect(done.status).toBe('failed')
      }
      // Each run was started once, by one of the two.
      const logs = app.output() + second.output()
      for (const run of runs)
        expect(logs.split(`ticketing: run ${run.id} started`).length - 1, String(run.id)).toBe(1)
    } finally {
      await second.stop()
    }
  })

  it('a run left running by a dead instance is taken up again, and given up after 3 tries', async () => {
    const id = await makeConnection('Left behind')
    const old = new Date(Date.now() - 5 * 60_000).toISOString()
    const left = await leaveRun({
      connection: id,
      status: 'running',
      startedAt: old,
      heartbeatAt: old,
      attempts: 1,
    })
    const again = await finished(String(left.id))
    expect(again.attempts).toBe(2)
    expect(again.message).not.toMatch(/stopped \d times/)
    const thrice = await leaveRun({
      connection: id,
      status: 'running',
      startedAt: old,
      heartbeatAt: old,
      attempts: 3,
    })
    const given = await finished(String(thrice.id))
    expect(given).toMatchObject({ status: 'failed', attempts: 3 })
    expect(given.message).toMatch(/stopped 3 times/)
  })

  it('the schedule queues runs of active connections', async () => {
    const id = await makeConnection('Every five minutes', { syncEveryMinutes: 5 })
    const off = await makeConnection('Paused', { syncEveryMinutes: 5, active: false })
    await waitUntil({
      check: async () =>
        (
          await payload.count({
            collection: 'ticketing-sync-runs',
            where: { and: [{ connection: { equals: id } }, { status: { equals: 'failed' } }] },
          })
        ).totalDocs === 1,
      timeoutMs: 30_000,
      what: 'the scheduled run ran',
    })
    const { docs } = await payload.find({
      collection: 'ticketing-sync-runs',
      where: { connection: { in: [id, off] } },
      depth: 0,
    })
    expect(docs.map((d) => [d.connection, d.trigger])).toEqual([[id, 'schedule']])
  })

  it('retention prunes finished runs; a deleted connection takes its queued runs', async () => {
    const id = await makeConnection('Old runs')
    const old = await leaveRun({ connection: id, status: 'succeeded' })
    const recent = await leaveRun({ connection: id, status: 'failed' })
    await db.query(
      `update ticketing_sync_runs set finished_at = now() - interval '40 days' where id = $1`,
      [old.id],
    )
    await db.query(`update ticketing_sync_runs set finished_at = now() where id = $1`, [recent.id])
    await pruneSyncRuns({ payload, retentionDays: 30 })
    const left = await payload.find({
      collection: 'ticketing-sync-runs',
      where: { connection: { equals: id } },
    })
    expect(left.docs.map((d) => d.id)).toEqual([recent.id])

    // A queued run of a connection whose tenant is busy stays queued until the delete.
    const busy = await leaveRun({
      connection: await makeConnection('Busy again'),
      status: 'running',
      heartbeatAt: new Date().toISOString(),
      attempts: 1,
    })
    const queued = await api(keys.write).call('POST', `/ticketing-connections/${id}/sync`, {})
    expect(queued.status).toBe(202)
    expect((await api(keys.write).remove('ticketing-connections', id)).status).toBe(204)
    const runs = await db.query(
      'select id, connection_id, status from ticketing_sync_runs where id = any($1)',
      [[recent.id, queued.body.id]],
    )
    expect(runs.rows).toEqual([{ id: recent.id, connection_id: null, status: 'failed' }])
    await payload.update({
      collection: 'ticketing-sync-runs',
      id: busy.id,
      data: { status: 'failed' },
    })
  })
})
