import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { postgresOf } from '../../src/db/postgres'
import { maxWaitingPerTenant } from '../../src/plugins/scheduling/defaults'
import type { Tenant } from '../../src/payload-types'
import { adminClient, signIn, type AdminClient } from '../helpers/admin'
import { startApp, type RunningApp } from '../helpers/app'
import { getTestPayload } from '../helpers/payload'
import { createKey, partner } from '../helpers/partner'
import { createTenant, createUser } from '../helpers/tenants'

/**
 * Scheduled publishing: a draft published (or withdrawn) at its time, exactly once with two
 * app instances polling the same queue, within the tenant that scheduled it. Payload's own job
 * endpoints stay closed.
 */
let payload: Payload
let apps: RunningApp[] = []
let theatre: Tenant
let festival: Tenant
let key = ''
let otherKey = ''
let editor: AdminClient
let root: AdminClient

const api = (k = key) =>
  partner({ origin: apps[0]!.origin, tenant: 'sched-theatre', key: k, drafts: true })
const soon = (ms: number) => new Date(Date.now() + ms).toISOString()

const waitFor = async <T>(probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> => {
  const until = Date.now() + ms
  for (;;) {
    const found = await probe()
    if (found !== undefined) return found
    if (Date.now() > until) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 200))
  }
}

const events = async (record: string) =>
  (
    await postgresOf(payload).drizzle.execute<{ event: string; actor_type: string }>(
      sql`select event, actor_type from change_log where record_id = ${record} order by seq`,
    )
  ).rows

beforeAll(async () => {
  payload = await getTestPayload()
  theatre = await createTenant({ payload, slug: 'sched-theatre' })
  festival = await createTenant({ payload, slug: 'sched-festival' })
  key = await createKey({ payload, tenants: [theatre], scope: 'write' })
  otherKey = await createKey({ payload, tenants: [festival], scope: 'write' })
  await createUser({
    payload,
    email: 'sched-editor@example.com',
    tenants: [{ tenant: theatre, roles: ['editor'] }],
  })
  // Two instances on one database, both polling often.
  apps = await Promise.all([0, 1].map(() => startApp({ env: { SCHEDULE_POLL_MS: '250' } })))
  editor = await signIn({
    origin: apps[0]!.origin,
    email: 'sched-editor@example.com',
    password: 'test-password-123',
  })
  await createUser({ payload, email: 'sched-root@example.com', superAdmin: true })
  root = await signIn({
    origin: apps[0]!.origin,
    email: 'sched-root@example.com',
    password: 'test-password-123',
  })
})

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()))
})

describe('scheduled publishing', () => {
  it('publishes each scheduled draft once, with two instances running the queue', async () => {
    const ids: string[] = []
    for (let i = 0; i < 8; i++) {
      const draft = await api().create('events', { title: `Premiere ${i}`, _status: 'draft' })
      expect(draft.status).toBe(201)
      ids.push(String(draft.body.id))
    }
    const at = soon(1_500)
    for (const record of ids) {
      const scheduled = await api().call('POST', '/scheduled-changes', {
        kind: 'events',
        record,
        action: 'publish',
        at,
      })
      expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201)
    }
    const listed = await api().call('GET', '/scheduled-changes?kind=events')
    expect((listed.body.docs as { record: string }[]).map((d) => d.record).sort()).toEqual(
      [...ids].sort(),
    )
    // Not before its time.
    expect((await api().get('events', ids[0]!)).body._status).toBe('draft')

    for (const record of ids)
      await waitFor(async () =>
        (await api().get('events', record)).body._status === 'published' ? true : undefined,
      )
    // Give a second runner every chance to publish again, then count.
    await new Promise((r) => setTimeout(r, 1_000))
    for (const record of ids)
      expect((await events(record)).map((e) => e.event)).toEqual(['created', 'published'])
    expect((await api().call('GET', '/scheduled-changes?kind=events')).body.docs).toEqual([])
  })

  it('unpublishes at its time, and a cancelled change never happens', async () => {
    const live = await api().create('events', { title: 'Closing night', _status: 'published' })
    const record = String(live.body.id)
    const withdraw = await api().call('POST', '/scheduled-changes', {
      kind: 'events',
      record,
      action: 'unpublish',
      at: soon(1_000),
    })
    expect(withdraw.status).toBe(201)
    const kept = await api().create('pages', { title: 'Kept draft', _status: 'draft' })
    const cancelled = await api().call('POST', '/scheduled-changes', {
      kind: 'pages',
      record: String(kept.body.id),
      action: 'publish',
      at: soon(1_000),
    })
    expect(cancelled.status).toBe(201)
    expect(
      (await api().call('DELETE', `/scheduled-changes/${String(cancelled.body.id)}`)).status,
    ).toBe(204)

    await waitFor(async () =>
      (await api().get('events', record)).body._status === 'draft' ? true : undefined,
    )
    await new Promise((r) => setTimeout(r, 1_500))
    expect((await api().get('pages', String(kept.body.id))).body._status).toBe('draft')
    expect((await events(record)).map((e) => e.event)).toEqual(['created', 'unpublished'])
  })

  it('runs a change an instance left half done when it died', async () => {
    const draft = await api().create('events', { title: 'Interrupted', _status: 'draft' })
    const record = String(draft.body.id)
    const scheduled = await api().call('POST', '/scheduled-changes', {
      kind: 'events',
      record,
      action: 'publish',
      at: soon(60_000),
    })
    // As a runner that died mid-run leaves it: claimed, due, never finished.
    await postgresOf(payload).drizzle.execute(
      sql`update payload_jobs set processing = true, wait_until = now() - interval '1 second'
          where id = ${String(scheduled.body.id)}`,
    )
    await waitFor(async () =>
      (await api().get('events', record)).body._status === 'published' ? true : undefined,
    )
  })

  it('stays within the tenant: another tenant’s key cannot see, schedule or cancel', async () => {
    const draft = await api().create('events', { title: 'Ours', _status: 'draft' })
    const record = String(draft.body.id)
    const ours = await api().call('POST', '/scheduled-changes', {
      kind: 'events',
      record,
      action: 'publish',
      at: soon(3_600_000),
    })
    const theirs = partner({
      origin: apps[1]!.origin,
      tenant: 'sched-festival',
      key: otherKey,
      drafts: true,
    })
    const attempt = await theirs.call('POST', '/scheduled-changes', {
      kind: 'events',
      record,
      action: 'unpublish',
      at: soon(1_000),
    })
    expect(attempt.status).toBe(404)
    expect((await theirs.call('GET', '/scheduled-changes')).body.docs).toEqual([])
    expect((await theirs.call('GET', `/scheduled-changes?record=${record}`)).body.docs).toEqual([])
    expect((await theirs.call('DELETE', `/scheduled-changes/${String(ours.body.id)}`)).status).toBe(
      404,
    )
    // The theatre's key on the festival's path is refused outright.
    expect(
      (
        await partner({ origin: apps[0]!.origin, tenant: 'sched-festival', key }).call(
          'GET',
          '/scheduled-changes',
        )
      ).status,
    ).toBe(403)
    const still = await api().call('GET', `/scheduled-changes?record=${record}`)
    expect((still.body.docs as { id: string }[]).map((d) => d.id)).toEqual([ours.body.id])
  })

  it('leaves a record’s changes behind when it moves to another tenant: nothing runs there', async () => {
    const draft = await api().create('events', { title: 'Moving', _status: 'draft' })
    const record = String(draft.body.id)
    const scheduled = await api().call('POST', '/scheduled-changes', {
      kind: 'events',
      record,
      action: 'publish',
      at: soon(2_000),
    })
    expect(scheduled.status).toBe(201)
    const moved = await root.patch(`/api/events/${record}`, { tenant: festival.id })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    const theirs = partner({
      origin: apps[1]!.origin,
      tenant: 'sched-festival',
      key: otherKey,
      drafts: true,
    })
    expect((await theirs.call('GET', `/scheduled-changes?record=${record}`)).body.docs).toEqual([])
    expect((await api().call('GET', `/scheduled-changes?record=${record}`)).body.docs).toEqual([])
    // Past its time and a few polls later, the festival's record is still the draft it was.
    await new Promise((r) => setTimeout(r, 3_500))
    const now = await theirs.get('events', record)
    expect(now.status).toBe(200)
    expect(now.body._status).toBe('draft')
    const left = await postgresOf(payload).drizzle.execute(
      sql`select count(*)::int as n from payload_jobs where input->'doc'->>'value' = ${record}`,
    )
    expect(left.rows[0]).toEqual({ n: 0 })
  })

  it('moves a record whole or not at all: a move saved as a draft is refused', async () => {
    const draft = await api().create('events', { title: 'Half moved', _status: 'draft' })
    const record = String(draft.body.id)
    const half = await root.patch(`/api/events/${record}?draft=true`, { tenant: festival.id })
    expect(half.status).toBe(400)
    expect(JSON.stringify(half.body)).toContain('not as a draft')
    expect((await api().get('events', record)).status).toBe(200)
    const theirs = partner({
      origin: apps[1]!.origin,
      tenant: 'sched-festival',
      key: otherKey,
      drafts: true,
    })
    expect((await theirs.get('events', record)).status).toBe(404)
    const graph = await root.graphql(
      `mutation { updateEvent(id: "${record}", draft: true, data: { tenant: "${festival.id}" }) { id } }`,
    )
    expect(JSON.stringify(graph.body)).toContain('not as a draft')
    const versions = await payload.find({
      collection: 'events',
      where: { id: { equals: record } },
      draft: true,
      overrideAccess: true,
      depth: 0,
    })
    expect(versions.docs[0]?.tenant).toBe(theatre.id)
    // Nor can a version from before a whole move be restored as a draft in the old tenant.
    expect((await root.patch(`/api/events/${record}`, { tenant: festival.id })).status).toBe(200)
    const history = await root.get(
      `/api/events/versions?where[parent][equals]=${record}&sort=createdAt&limit=1`,
    )
    const first = (history.body.docs as { id: string }[])[0]!
    const restored = await root.post(`/api/events/versions/${first.id}?draft=true`)
    expect(restored.status, JSON.stringify(restored.body)).toBe(400)
    expect((await theirs.get('events', record)).status).toBe(200)
    expect((await api().get('events', record)).status).toBe(404)
    // A draft save that does not move it is still a draft save.
    expect(
      (await root.patch(`/api/events/${record}?draft=true`, { title: 'Still here' })).status,
    ).toBe(200)
  })

  it('refuses a change already scheduled, and more than a tenant may have waiting', async () => {
    const draft = await api().create('events', { title: 'Busy', _status: 'draft' })
    const record = String(draft.body.id)
    const body = { kind: 'events', record, action: 'publish', at: soon(7_200_000) }
    expect((await api().call('POST', '/scheduled-changes', body)).status).toBe(201)
    const again = await api().call('POST', '/scheduled-changes', body)
    expect(again.status).toBe(400)
    expect(JSON.stringify(again.body)).toContain('already scheduled')
    // Fill the tenant's queue to its cap (by SQL: the rate limit would take minutes), then one
    // more is refused, to a key and to an editor in the admin alike; another tenant's is not.
    const waiting = (await api().call('GET', '/scheduled-changes')).body.docs as unknown[]
    await postgresOf(payload).drizzle.execute(sql`
      insert into payload_jobs (input, task_slug, wait_until)
      select jsonb_build_object('type', 'publish',
               'doc', jsonb_build_object('relationTo', 'events', 'value', ${record}::text)),
             'schedulePublish', now() + make_interval(days => 30, mins => g)
      from generate_series(1, ${maxWaitingPerTenant - waiting.length}) g`)
    const over = await api().call('POST', '/scheduled-changes', { ...body, at: soon(9_000_000) })
    expect(over.status).toBe(400)
    expect(JSON.stringify(over.body)).toContain(`${maxWaitingPerTenant} changes waiting`)
    const festivalDraft = await partner({
      origin: apps[0]!.origin,
      tenant: 'sched-festival',
      key: otherKey,
    }).create('events', { title: 'Theirs', _status: 'draft' })
    const theirs = await partner({
      origin: apps[0]!.origin,
      tenant: 'sched-festival',
      key: otherKey,
    }).call('POST', '/scheduled-changes', {
      kind: 'events',
      record: festivalDraft.body.id,
      action: 'publish',
      at: soon(3_600_000),
    })
    expect(theirs.status).toBe(201)
    await postgresOf(payload).drizzle.execute(
      sql`delete from payload_jobs where input->'doc'->>'value' = ${record}`,
    )
  })

  it('keeps Payload’s job endpoints closed to everyone signed in or not', async () => {
    const anonymous = adminClient({ origin: apps[0]!.origin })
    for (const client of [editor, anonymous]) {
      expect((await client.get('/api/payload-jobs')).status).toBeGreaterThanOrEqual(401)
      const run = await client.get('/api/payload-jobs/run')
      expect([401, 403]).toContain(run.status)
      const queued = await client.post('/api/payload-jobs', {
        taskSlug: 'schedulePublish',
        input: { type: 'publish' },
      })
      expect([401, 403]).toContain(queued.status)
    }
    const graph = await editor.graphql('{ PayloadJobs { docs { id input } } }')
    expect(JSON.stringify(graph.body)).not.toContain('schedulePublish')
  })
})
