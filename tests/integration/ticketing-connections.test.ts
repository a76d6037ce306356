import net from 'node:net'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Tenant, TicketingSyncRun } from '../../src/payload-types'
import { pruneSyncRuns } from '../../src/plugins/ticketing/exports'
import type { ClaimedRun } from '../../src/plugins/ticketing/runner/claim'
import { beat, settleRun } from '../../src/plugins/ticketing/runner/settle'
import { noCounts, type RecordError, type PlanEntry } from '../../src/plugins/ticketing/types'
import { signIn, type AdminClient } from '../helpers/admin'
import { startApp, waitUntil, type RunningApp } from '../helpers/app'
import {
  eventJson,
  instanceJson,
  spektrixId,
  startFakeSpektrix,
  type FakeSpektrix,
} from '../helpers/fakeSpektrix'
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
let fake: FakeSpektrix
/** The stand-in's one show (ids made once: each call makes a new one). */
let heldShow = ''

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
  fake = await startFakeSpektrix({ clientName: 'demo' })
  const start = new Date(Date.now() + 3 * 86_400_000)
  heldShow = spektrixId(51001)
  fake.state.catalogue.events.push(eventJson({ id: heldShow, name: 'Held show' }))
  fake.state.catalogue.instances.push(
    instanceJson({ id: spektrixId(81001), eventId: heldShow, start }),
  )
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
      TICKETING_ALLOWED_HOSTS: `${deadHost},${fake.host}`,
      // A call the stand-in holds fails after this; retried, a held run keeps its place ~30 s.
      TICKETING_HTTP_TIMEOUT_MS: '5000',
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
  await fake?.stop()
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
      expect(html).toContain('Refresh availability')
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
    // The admin's button runs the same operation, for an editor too; confirming a run past
    // the safety valve is the tenant admins' call.
    const confirming = await editorA.post(`/api/ticketing-connections/${id}/sync`, {
      dryRun: false,
      confirmRemovals: true,
    })
    expect(confirming.status, JSON.stringify(confirming.body)).toBe(403)
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

/** A claim of a run as the runner holds it: the row's attempt number is the claim's. */
const claimOf = ({
  id,
  connection,
  attempts,
}: {
  id: string
  connection: string
  attempts: number
}): ClaimedRun => ({
  id,
  tenantId: a.id,
  connectionId: connection,
  dryRun: false,
  confirmRemovals: false,
  attempts,
})

const runsOfConnection = async (connection: string) =>
  (
    await payload.count({
      collection: 'ticketing-sync-runs',
      where: { connection: { equals: connection } },
    })
  ).totalDocs

describe('the rules each door keeps', () => {
  it("the admin's sync takes only the body the partner route takes, and queues nothing else", async () => {
    const id = await makeConnection('Admin bodies')
    const path = `/api/ticketing-connections/${id}/sync`
    for (const body of [
      [1],
      'x',
      null,
      { dryrun: true },
      { dryRun: 'yes' },
      { dryRun: true, force: true },
    ]) {
      const res = await adminA.post(path, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      const errors = res.body.errors as { field: string; message: string }[]
      expect(errors.length, JSON.stringify(res.body)).toBeGreaterThan(0)
      if (body && typeof body === 'object' && !Array.isArray(body)) {
        // One rule: the partner route names the same fields.
        const viaKey = await api(keys.write).call('POST', `/ticketing-connections/${id}/sync`, body)
        expect(viaKey.status).toBe(400)
        expect(errors.map((e) => e.field).sort()).toEqual(
          (viaKey.body.errors as { field: string }[]).map((e) => e.field).sort(),
        )
      } else expect(errors[0]?.message).toMatch(/Must be object/)
    }
    expect(await runsOfConnection(id)).toBe(0)
  })

  it('refuses localhost names as it refuses loopback addresses', async () => {
    const before = await connectionCount(a)
    for (const spektrix of [
      { clientName: 'demo', customDomain: 'localhost:3000' },
      { clientName: 'demo', customDomain: 'tickets.localhost' },
      { clientName: 'demo', customDomain: '127.1' },
      { clientName: 'demo', baseUrl: 'https://localhost:3000' },
      { clientName: 'demo', baseUrl: 'https://Box.LocalHost./' },
    ]) {
      const res = await api(keys.write).create(
        'ticketing-connections',
        connectionBody('Local', { spektrix }),
      )
      expect(res.status, JSON.stringify(spektrix)).toBe(400)
      expect(res.headers.get('content-type')).toContain('application/problem+json')
      expect(JSON.stringify(res.body.errors), JSON.stringify(spektrix)).toContain(
        'could not be reached',
      )
    }
    expect(await connectionCount(a)).toBe(before)
  })

  it('a run stores at most 2,000 plan steps and 1,000 errors; lists carry no plan', async () => {
    const id = await makeConnection('Long plan')
    const now = new Date().toISOString()
    const row = await leaveRun({
      connection: id,
      status: 'running',
      attempts: 1,
      heartbeatAt: now,
      startedAt: now,
    })
    const plan: PlanEntry[] = Array.from({ length: 2_500 }, (_, n) => ({
      action: 'create',
      kind: 'event-instances',
      externalId: `X${n}`,
      changes: [{ field: 'startDate', from: null, to: now }],
    }))
    const errors: RecordError[] = Array.from({ length: 1_500 }, (_, n) => ({
      kind: 'event-instances',
      externalId: `X${n}`,
      message: 'The CMS refused it.',
    }))
    await settleRun({
      payload,
      run: claimOf({ id: String(row.id), connection: id, attempts: 1 }),
      outcome: { status: 'succeeded', counts: { ...noCounts(), failed: 1_500 }, errors, plan },
    })
    const one = await api(keys.read).get('ticketing-sync-runs', String(row.id))
    expect(one.status).toBe(200)
    expect(one.body.plan).toHaveLength(2_000)
    expect(one.body.errors).toHaveLength(1_000)
    expect(one.body.counts).toMatchObject({ failed: 1_500 })
    expect(one.body.message).toContain('500 more record errors are not listed')
    const listed = await api(keys.read).list('ticketing-sync-runs', `?connection=${id}`)
    expect(listed.status).toBe(200)
    expect(listed.body.docs?.[0]).toMatchObject({ id: row.id, status: 'succeeded' })
    expect(listed.body.docs?.[0]).not.toHaveProperty('plan')
    // The admin's widget lists its runs so (and reads the latest whole).
    const widget = await adminA.get(
      `/api/ticketing-sync-runs?where[connection][equals]=${id}&sort=-createdAt&limit=5&depth=0&select[plan]=false`,
    )
    expect(widget.status).toBe(200)
    expect(widget.body.docs?.[0]).toMatchObject({ id: row.id })
    expect(widget.body.docs?.[0]).not.toHaveProperty('plan')
  })

  it('a run another claim now owns: the heartbeat says so, and its outcome is not stored', async () => {
    const id = await makeConnection('Taken over')
    const now = new Date().toISOString()
    // Taken up again elsewhere: the row's attempt is the other claim's.
    const row = await leaveRun({
      connection: id,
      status: 'running',
      attempts: 2,
      heartbeatAt: now,
      startedAt: now,
    })
    const mine = claimOf({ id: String(row.id), connection: id, attempts: 1 })
    await expect(beat({ payload, run: mine })).rejects.toThrow(/no longer this server's/)
    const outcome = {
      status: 'failed' as const,
      counts: noCounts(),
      errors: [],
      plan: [],
      message: 'late',
    }
    expect(await settleRun({ payload, run: mine, outcome })).toBe(false)
    expect(await runOf(String(row.id))).toMatchObject({
      status: 'running',
      attempts: 2,
      finishedAt: null,
    })
    // The owner's beat goes on; once the run is deleted, it too is told.
    const theirs = { ...mine, attempts: 2 }
    await expect(beat({ payload, run: theirs })).resolves.toBeUndefined()
    await payload.delete({ collection: 'ticketing-sync-runs', id: row.id })
    await expect(beat({ payload, run: theirs })).rejects.toThrow(/no longer this server's/)
  })

  it('a run taken over while it reads stops before writing anything', async () => {
    // A tenant of its own: nothing else of this file's runs blocks or follows it.
    const held = await createTenant({ payload, slug: 'tix-held' })
    const key = await createKey({ payload, tenants: [held], scope: 'write' })
    const heldApi = partner({ origin: app.origin, tenant: held.slug, key })
    fake.reset()
    fake.state.knobs.hang = true
    const made = await heldApi.create(
      'ticketing-connections',
      connectionBody('Held', {
        importNewEvents: true,
        spektrix: { clientName: 'demo', baseUrl: fake.origin },
      }),
    )
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const res = await heldApi.call(
      'POST',
      `/ticketing-connections/${String(made.body.id)}/sync`,
      {},
    )
    expect(res.status).toBe(202)
    const runId = String(res.body.id)
    await waitUntil({
      check: async () => fake.requests().some((r) => r.includes('/events')),
      timeoutMs: 30_000,
      what: 'the run reads the box office',
    })
    // Another instance took it up (its heartbeat looked stale there): a new attempt, running.
    await db.query(
      `update ticketing_sync_runs set attempts = attempts + 1, heartbeat_at = now() where id = $1`,
      [runId],
    )
    fake.state.knobs.hang = false
    const stoppedLine = `run ${runId} (attempt 1) ended failed but is no longer this server's`
    const heldEvents = async () =>
      (
        await payload.count({
          collection: 'events',
          where: {
            and: [{ tenant: { equals: held.id } }, { 'spektrix.eventId': { equals: heldShow } }],
          },
          overrideAccess: true,
        })
      ).totalDocs
    // Either the first copy says it stopped, or it wrote (the defect this proves gone).
    await waitUntil({
      check: async () => app.output().includes(stoppedLine) || (await heldEvents()) > 0,
      timeoutMs: 60_000,
      what: 'the first copy stops',
    })
    expect(await heldEvents()).toBe(0)
    await expect.poll(() => app.output()).toContain(stoppedLine)
    expect(await runOf(runId)).toMatchObject({ status: 'running', attempts: 2, finishedAt: null })
    await payload.update({
      collection: 'ticketing-sync-runs',
      id: runId,
      data: { status: 'failed' },
    })
    // The control: a run nobody takes over writes what the box office lists.
    const again = await heldApi.call(
      'POST',
      `/ticketing-connections/${String(made.body.id)}/sync`,
      {},
    )
    expect(again.status).toBe(202)
    const control = await finished(String(again.body.id))
    expect(control, JSON.stringify(control)).toMatchObject({
      status: 'succeeded',
      counts: { created: 2 },
    })
    expect(await heldEvents()).toBe(1)
  })
})

describe('a run taken over while it writes', () => {
  it('writes nothing after the taking up, which waits for the writes under way', async () => {
    const fenced = await createTenant({ payload, slug: 'tix-fenced' })
    const key = await createKey({ payload, tenants: [fenced], scope: 'write' })
    const fencedApi = partner({ origin: app.origin, tenant: fenced.slug, key })
    const show = spektrixId(52001)
    const c = fake.state.catalogue
    const start = Date.now() + 3 * 86_400_000
    c.events.push(eventJson({ id: show, name: 'Fenced show' }))
    // Fewer than the 50 records after which the engine's own heartbeat would notice.
    const instances = Array.from({ length: 40 }, (_, i) =>
      instanceJson({
        id: spektrixId(82001 + i),
        eventId: show,
        start: new Date(start + i * 3_600_000),
      }),
    )
    c.instances.push(...instances)
    const records = async () => {
      const where = { tenant: { equals: fenced.id } }
      const count = (collection: 'events' | 'event-instances') =>
        payload.count({ collection, where, overrideAccess: true }).then((r) => r.totalDocs)
      return { events: await count('events'), performances: await count('event-instances') }
    }
    // Every write waits at the change log until the gate opens.
    const gate = new pg.Client({ connectionString: process.env.DATABASE_URI })
    await gate.connect()
    try {
      fake.reset()
      const made = await fencedApi.create(
        'ticketing-connections',
        connectionBody('Fenced', {
          importNewEvents: true,
          spektrix: { clientName: 'demo', baseUrl: fake.origin },
        }),
      )
      expect(made.status, JSON.stringify(made.body)).toBe(201)
      await gate.query('begin')
      await gate.query('lock table change_log in share row exclusive mode')
      const gatePid = (await gate.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]
        ?.pid
      const res = await fencedApi.call(
        'POST',
        `/ticketing-connections/${String(made.body.id)}/sync`,
        {},
      )
      expect(res.status).toBe(202)
      const runId = String(res.body.id)
      await waitUntil({
        check: async () =>
          (
            await db.query('select 1 from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [
              gatePid,
            ])
          ).rows.length > 0,
        timeoutMs: 60_000,
        what: "the run's first write to wait at the gate",
      })
      // Another instance takes the run up, as when this one's heartbeat looked stale there.
      const takeover = db.query(
        'update ticketing_sync_runs set attempts = attempts + 1, heartbeat_at = now() where id = $1',
        [runId],
      )
      await gate.query('commit')
      await takeover
      const atTakeover = await records()
      const ended = `run ${runId} (attempt 1) ended`
      await waitUntil({
        check: async () => app.output().includes(ended),
        timeoutMs: 60_000,
        what: 'the first copy to end',
      })
      expect(app.output()).toContain(`${ended} failed but is no longer this server's`)
      // The write under way when the run was taken up (the events, this one and the held show
      // the stand-in also lists) committed; none of the 41 performances after it.
      expect(atTakeover).toEqual({ events: 2, performances: 0 })
      expect(await records()).toEqual(atTakeover)
      expect(await runOf(runId)).toMatchObject({ status: 'running', attempts: 2 })
      await payload.update({
        collection: 'ticketing-sync-runs',
        id: runId,
        data: { status: 'failed' },
      })
    } finally {
      await gate.query('rollback').catch(() => undefined)
      await gate.end()
      c.events = c.events.filter((e) => e.id !== show)
      c.instances = c.instances.filter((i) => !instances.includes(i))
    }
  })
})

describe('claims', () => {
  it("tenants take turns: one tenant's queue never keeps another's run waiting behind it", async () => {
    const tenants = await Promise.all(
      ['p', 'r', 'q'].map((n) => createTenant({ payload, slug: `tix-turn-${n}` })),
    )
    const [p, r, q] = tenants as [Tenant, Tenant, Tenant]
    const connectionIn = async (
      tenant: Tenant,
      name: string,
      spektrix?: Record<string, unknown>,
    ) => {
      const key = await createKey({ payload, tenants: [tenant], scope: 'write' })
      const made = await partner({ origin: app.origin, tenant: tenant.slug, key }).create(
        'ticketing-connections',
        connectionBody(name, spektrix ? { spektrix } : {}),
      )
      expect(made.status, JSON.stringify(made.body)).toBe(201)
      return String(made.body.id)
    }
    fake.reset()
    fake.state.knobs.hang = true
    // P's run is held by its box office (it keeps one of the instance's two places); R has two
    // runs queued before Q's one. When R's first ends, Q's run goes before R's second.
    const order = [
      {
        tenant: p,
        connection: await connectionIn(p, 'P1', { clientName: 'demo', baseUrl: fake.origin }),
      },
      { tenant: r, connection: await connectionIn(r, 'R1') },
      { tenant: r, connection: await connectionIn(r, 'R2') },
      { tenant: q, connection: await connectionIn(q, 'Q1') },
    ]
    // All queued at once (one transaction), oldest first as listed.
    await db.query('begin')
    const ids: string[] = []
    for (const [n, { tenant, connection }] of order.entries()) {
      const { rows } = await db.query<{ id: string }>(
        `insert into ticketing_sync_runs
          (tenant_id, connection_id, provider, status, dry_run, confirm_removals, trigger,
           queued_at, attempts, counts_created, counts_updated, counts_unchanged,
           counts_cancelled, counts_removed, counts_failed, needs_confirmation, updated_at,
           created_at)
         values ($1, $2, 'spektrix', 'queued', false, false, 'manual',
           now() - make_interval(mins => $3), 0, 0, 0, 0, 0, 0, 0, false, now(), now())
         returning id`,
        [tenant.id, connection, 10 - n],
      )
      ids.push(rows[0]!.id)
    }
    await db.query('commit')
    const [p1, , r2, q1] = ids as [string, string, string, string]
    await waitUntil({
      check: async () => (await runOf(r2)).startedAt != null && (await runOf(q1)).startedAt != null,
      timeoutMs: 60_000,
      what: "R's second and Q's runs start",
    })
    expect((await runOf(p1)).status).toBe('running')
    const startOf = async (id: string) => new Date(String((await runOf(id)).startedAt)).getTime()
    expect(await startOf(q1)).toBeLessThan(await startOf(r2))
    fake.state.knobs.hang = false
    for (const id of ids) await finished(id)
  })
})

describe('providers', () => {
  const tessituraSecrets = {
    userName: 'tess-SECRET-user-5c1e',
    userGroup: 'tess-SECRET-group-9d0a',
    machineLocation: 'tess-SECRET-machine-77ab',
    password: 'tess-SECRET-password-e2f4',
  }
  const lineupKey = 'lineup-SECRET-key-3b8d'
  const tessitura = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    provider: 'tessitura',
    tessitura: { baseUrl: `http://${deadHost}/TessituraService/` },
    ...extra,
  })
  const lineup = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    provider: 'lineup',
    lineup: { baseUrl: `http://${deadHost}/api` },
    ...extra,
  })
  const elevent = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    provider: 'elevent',
    elevent: { shopAddress: 'https://shop.elevent.example/venue' },
    ...extra,
  })
  let eleventTenant: Tenant
  let eleventKey = ''

  beforeAll(async () => {
    eleventTenant = await createTenant({ payload, slug: 'tix-elevent' })
    eleventKey = await createKey({ payload, tenants: [eleventTenant], scope: 'write' })
  })

  it("each provider's connection is made through the partner API and the admin; credentials never answered", async () => {
    const tess = await api(keys.write).create(
      'ticketing-connections',
      tessitura('Tessitura house', {
        tessitura: {
          baseUrl: `http://${deadHost}/TessituraService/`,
          tnewAddress: 'https://tickets.example.org',
        },
        credentials: tessituraSecrets,
      }),
    )
    expect(tess.status, JSON.stringify(tess.body)).toBe(201)
    expect(tess.body).toMatchObject({
      provider: 'tessitura',
      tessitura: { tnewAddress: 'https://tickets.example.org' },
      lineup: { baseUrl: null, channelId: null, bookingLinkTemplate: null },
      elevent: { shopAddress: null, linkTemplate: null },
      credentialsSet: { userName: true, userGroup: true, machineLocation: true, password: true },
      availabilityEveryMinutes: 5,
      availabilityDaysAhead: 14,
      lastAvailabilityRun: null,
    })
    const viaAdmin = await adminA.post('/api/ticketing-connections', {
      tenant: a.id,
      ...lineup('Line-Up house', {
        lineup: {
          channelId: '42',
          bookingLinkTemplate: 'https://t.example.org/{eventId}/{performanceId}',
        },
        credentials: { apiKey: lineupKey },
        availabilityEveryMinutes: 10,
        availabilityDaysAhead: 7,
      }),
    })
    expect(viaAdmin.status, JSON.stringify(viaAdmin.body)).toBe(201)
    const lineupId = String((viaAdmin.body.doc as { id: string }).id)
    const read = await api(keys.read).get('ticketing-connections', lineupId)
    expect(read.body).toMatchObject({
      provider: 'lineup',
      lineup: { baseUrl: null, channelId: '42' },
      credentialsSet: { apiKey: true },
      availabilityEveryMinutes: 10,
      availabilityDaysAhead: 7,
    })
    const shop = await api(eleventKey, 'tix-elevent').create(
      'ticketing-connections',
      elevent('Shop'),
    )
    expect(shop.status, JSON.stringify(shop.body)).toBe(201)
    expect(shop.body.credentialsSet).toEqual({})
    // Settings are writable as Spektrix's are.
    const changed = await api(keys.write).update('ticketing-connections', lineupId, {
      lineup: { channelId: '43' },
      availabilityEveryMinutes: 0,
    })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(changed.body).toMatchObject({ lineup: { channelId: '43' }, availabilityEveryMinutes: 0 })

    const ids = [String(tess.body.id), lineupId]
    const answers: string[] = []
    for (const id of ids) {
      answers.push(
        JSON.stringify((await api(keys.write).get('ticketing-connections', id)).body),
        JSON.stringify((await adminA.get(`/api/ticketing-connections/${id}?depth=0`)).body),
        JSON.stringify(
          (
            await adminA.graphql(
              `query ($id: String!) { TicketingConnection(id: $id) { id credentials { apiKey userName userGroup machineLocation password } credentialsSet } }`,
              { id },
            )
          ).body,
        ),
      )
    }
    answers.push(
      JSON.stringify((await api(keys.read).list('ticketing-connections')).body),
      JSON.stringify((await adminA.get('/api/ticketing-connections?depth=0')).body),
      JSON.stringify((await api(keys.read).call('GET', '/changes')).body),
      JSON.stringify(changed.body),
      JSON.stringify(viaAdmin.body),
      JSON.stringify(tess.body),
    )
    const secrets = [...Object.values(tessituraSecrets), lineupKey]
    for (const text of answers) for (const secret of secrets) expect(text).not.toContain(secret)
    const { rows } = await db.query('select * from ticketing_connections where id = any($1)', [ids])
    for (const secret of secrets) expect(JSON.stringify(rows)).not.toContain(secret)
  })

  it('refuses bad settings naming the field, and changes nothing', async () => {
    const before = await connectionCount(a)
    const bad: [string, unknown][] = [
      ['tessitura.baseUrl', { name: 'x', provider: 'tessitura' }],
      ['tessitura.baseUrl', tessitura('x', { tessitura: { baseUrl: 'http://10.1.2.3/api' } })],
      [
        'tessitura.tnewAddress',
        tessitura('x', {
          tessitura: { baseUrl: `http://${deadHost}/`, tnewAddress: 'http://tickets.example.org' },
        }),
      ],
      [
        'tessitura.tnewAddress',
        tessitura('x', { tessitura: { baseUrl: `http://${deadHost}/`, tnewAddress: 'not a url' } }),
      ],
      ['lineup.channelId', lineup('x', { lineup: { channelId: '12a' } })],
      [
        'lineup.bookingLinkTemplate',
        lineup('x', { lineup: { bookingLinkTemplate: 'https://t.example.org/{eventId}/{seat}' } }),
      ],
      [
        'lineup.bookingLinkTemplate',
        lineup('x', { lineup: { bookingLinkTemplate: 'ftp://t.example.org/{eventId}' } }),
      ],
      ['lineup.baseUrl', lineup('x', { lineup: { baseUrl: 'http://192.168.0.4/api' } })],
      ['elevent.shopAddress', { name: 'x', provider: 'elevent' }],
      [
        'elevent.shopAddress',
        elevent('x', { elevent: { shopAddress: 'http://shop.example.org' } }),
      ],
      [
        'elevent.linkTemplate',
        elevent('x', {
          elevent: {
            shopAddress: 'https://shop.example.org',
            linkTemplate: '{shop}/{eventId}/{performanceId}',
          },
        }),
      ],
      ['provider', { name: 'x', spektrix: { clientName: 'demo' } }],
      ['spektrix', tessitura('x', { spektrix: { clientName: 'demo' } })],
      ['credentials.apiUser', tessitura('x', { credentials: { apiUser: 'u' } })],
      ['credentials.password', lineup('x', { credentials: { password: 'p' } })],
      ['credentials.apiKey', elevent('x', { credentials: { apiKey: 'k' } })],
      ['availabilityEveryMinutes', lineup('x', { availabilityEveryMinutes: 2 })],
      ['availabilityDaysAhead', lineup('x', { availabilityDaysAhead: 91 })],
    ]
    for (const [field, body] of bad) {
      const res = await api(keys.write).create('ticketing-connections', body)
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400)
      expect(res.headers.get('content-type')).toContain('application/problem+json')
      expect(JSON.stringify(res.body.errors ?? res.body), field).toContain(field)
    }
    expect(await connectionCount(a)).toBe(before)
    // Filled with digits, the placeholders make an https link; http for an allowed host.
    await makeConnection('Templates ok', {
      provider: 'lineup',
      spektrix: undefined,
      lineup: { bookingLinkTemplate: `http://${deadHost}/e/{eventId}/p/{performanceId}` },
    })
  })

  it('the provider cannot change after create', async () => {
    const id = await makeConnection('Fixed provider')
    const viaKey = await api(keys.write).update('ticketing-connections', id, {
      provider: 'lineup',
    })
    expect(viaKey.status, JSON.stringify(viaKey.body)).toBe(400)
    expect(viaKey.headers.get('content-type')).toContain('application/problem+json')
    expect(JSON.stringify(viaKey.body.errors)).toContain('provider')
    const viaAdmin = await adminA.patch(`/api/ticketing-connections/${id}`, {
      provider: 'tessitura',
    })
    expect(viaAdmin.status).toBe(400)
    expect(JSON.stringify(viaAdmin.body)).toContain('provider')
    expect((await api(keys.read).get('ticketing-connections', id)).body.provider).toBe('spektrix')
  })

  it('Elevent: one per tenant, and it is never synced', async () => {
    const second = await api(eleventKey, 'tix-elevent').create(
      'ticketing-connections',
      elevent('Second shop'),
    )
    expect(second.status, JSON.stringify(second.body)).toBe(400)
    expect(JSON.stringify(second.body.errors)).toContain('provider')
    const { docs } = await payload.find({
      collection: 'ticketing-connections',
      where: { tenant: { equals: eleventTenant.id } },
    })
    expect(docs).toHaveLength(1)
    const id = String(docs[0]!.id)
    for (const body of [{}, { kind: 'availability' }]) {
      const res = await api(eleventKey, 'tix-elevent').call(
        'POST',
        `/ticketing-connections/${id}/sync`,
        body,
      )
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      expect(String(res.body.detail)).toContain('Elevent has no API to read')
    }
    const admin = await payload.create({
      collection: 'users',
      data: {
        email: 'tix-admin-elevent@example.com',
        password,
        tenants: [{ tenant: eleventTenant.id, roles: ['tenant-admin'] }],
      } as never,
    })
    expect(admin.id).toBeTruthy()
    const client = await signIn({
      origin: app.origin,
      email: 'tix-admin-elevent@example.com',
      password,
    })
    // The edit view offers no run, and says where the links come from.
    const page = await fetch(`${app.origin}/admin/collections/ticketing-connections/${id}`, {
      headers: { cookie: `payload-token=${client.token ?? ''}` },
    })
    const html = await page.text()
    expect(html).toContain('Elevent performances are entered by hand')
    expect(html).not.toContain('Sync now')
    const viaAdmin = await client.post(`/api/ticketing-connections/${id}/sync`, {})
    expect(viaAdmin.status).toBe(400)
    expect(JSON.stringify(viaAdmin.body)).toContain('Elevent has no API to read')
    expect(await runsOfConnection(id)).toBe(0)
  })

  it('the availability request: its body rules, and a run under way is judged per kind', async () => {
    const id = await makeConnection('Per kind')
    const path = `/ticketing-connections/${id}/sync`
    for (const [field, body] of [
      ['dryRun', { kind: 'availability', dryRun: true }],
      ['confirmRemovals', { kind: 'availability', confirmRemovals: false }],
      ['kind', { kind: 'prices' }],
    ] as const) {
      const viaKey = await api(keys.write).call('POST', path, body)
      expect(viaKey.status, JSON.stringify(viaKey.body)).toBe(400)
      expect(JSON.stringify(viaKey.body.errors)).toContain(field)
      const viaAdmin = await adminA.post(`/api${path}`, body)
      expect(viaAdmin.status).toBe(400)
      expect(JSON.stringify(viaAdmin.body.errors)).toContain(field)
    }
    expect(await runsOfConnection(id)).toBe(0)

    // A refresh under way does not stand in the way of a full sync, and the reverse.
    const now = new Date().toISOString()
    const refreshing = await leaveRun({
      connection: id,
      kind: 'availability',
      status: 'running',
      heartbeatAt: now,
      startedAt: now,
      attempts: 1,
    })
    const sync = await api(keys.write).call('POST', path, {})
    expect(sync.status, JSON.stringify(sync.body)).toBe(202)
    expect(sync.body.kind).toBe('sync')
    const again = await api(keys.write).call('POST', path, { kind: 'availability' })
    expect(again.status).toBe(409)
    expect(String(again.body.detail)).toContain(String(refreshing.id))
    expect((await adminA.post(`/api${path}`, { kind: 'availability' })).status).toBe(409)

    const other = await makeConnection('Per kind, reversed')
    const syncing = await leaveRun({
      connection: other,
      status: 'running',
      heartbeatAt: now,
      startedAt: now,
      attempts: 1,
    })
    const otherPath = `/ticketing-connections/${other}/sync`
    const refresh = await api(keys.write).call('POST', otherPath, { kind: 'availability' })
    expect(refresh.status, JSON.stringify(refresh.body)).toBe(202)
    expect(refresh.body.kind).toBe('availability')
    expect((await api(keys.write).call('POST', otherPath, {})).status).toBe(409)

    const listed = await api(keys.read).list(
      'ticketing-sync-runs',
      `?connection=${other}&kind=availability`,
    )
    expect(listed.status).toBe(200)
    expect((listed.body.docs as { kind: string }[]).map((run) => run.kind)).toEqual([
      'availability',
    ])
    expect((await api(keys.read).list('ticketing-sync-runs', '?kind=prices')).status).toBe(400)
    for (const run of [refreshing, syncing])
      await payload.update({
        collection: 'ticketing-sync-runs',
        id: run.id,
        data: { status: 'failed', finishedAt: new Date().toISOString() },
      })
  })
})
