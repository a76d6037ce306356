import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { postgresOf } from '../../src/db/postgres'
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

const api = (k = key) => partner({ origin: apps[0]!.origin, tenant: 'sched-theatre', key: k })
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
    const theirs = partner({ origin: apps[1]!.origin, tenant: 'sched-festival', key: otherKey })
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
