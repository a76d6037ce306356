import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import pg from 'pg'
import { createLocalReq, initTransaction, killTransaction, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Tenant } from '../../src/payload-types'
import { changeChannel } from '../../src/plugins/partnerShape'
import { pruneChangeLog } from '../../src/plugins/changeLog/exports'
import { startApp, type RunningApp } from '../helpers/app'
import { getTestPayload } from '../helpers/payload'
import { createKey, partner, type Answer } from '../helpers/partner'
import { login } from '../helpers/rest'
import { createTenant, createUser } from '../helpers/tenants'

type Change = {
  cursor: string
  event: string
  draft: boolean
  kind: string
  id: string
  tenant: string
  actor: { type: string; id: string | null }
  fields: string[]
}
type Page = { changes: Change[]; next: string; hasMore: boolean }

let app: RunningApp
let payload: Payload
let harbour: Tenant
let globe: Tenant
let harbourWrite: string
let harbourRead: string
let globeRead: string

const db = (): PostgresAdapter => payload.db as unknown as PostgresAdapter

const feed = async (key: string, query = '', tenant = 'cf-harbour'): Promise<Answer> =>
  partner({ origin: app.origin, tenant, key }).call('GET', `/changes${query}`)

/** Follows the feed from `after` to its end, page by page. */
const readAll = async (
  key: string,
  after?: string,
  extra = '',
  tenant = key === globeRead ? 'cf-globe' : 'cf-harbour',
): Promise<Page> => {
  const changes: Change[] = []
  let cursor = after
  for (let i = 0; i < 50; i++) {
    const page = await feed(key, `?limit=2${cursor ? `&after=${cursor}` : ''}${extra}`, tenant)
    expect(page.status, JSON.stringify(page.body)).toBe(200)
    const body = page.body as unknown as Page
    changes.push(...body.changes)
    cursor = body.next
    if (!body.hasMore) return { changes, next: body.next, hasMore: false }
  }
  throw new Error('the feed did not end')
}

beforeAll(async () => {
  payload = await getTestPayload()
  harbour = await createTenant({ payload, slug: 'cf-harbour' })
  globe = await createTenant({ payload, slug: 'cf-globe' })
  harbourWrite = await createKey({ payload, tenants: [harbour], scope: 'write' })
  harbourRead = await createKey({ payload, tenants: [harbour], scope: 'read' })
  globeRead = await createKey({ payload, tenants: [globe], scope: 'read' })
  app = await startApp()
})

afterAll(async () => {
  await app?.stop()
})

describe('the change log and its feed', () => {
  it('records every write of every maker in order, deletions included, and a partner can mirror from it', async () => {
    const start = ((await feed(harbourRead)).body as unknown as Page).next
    const client = partner({ origin: app.origin, tenant: 'cf-harbour', key: harbourWrite })

    // A partner key creates, updates and publishes; an editor in the admin's REST edits; the
    // Local API (an import) creates; the partner deletes.
    const work = await client.create('works', { title: 'Feed work' })
    expect(work.status).toBe(201)
    const workId = String(work.body.id)
    expect((await client.update('works', workId, { title: 'Feed work, renamed' })).status).toBe(200)
    const event = await client.create('events', { title: 'Feed event', _status: 'draft' })
    const eventId = String(event.body.id)
    expect((await client.update('events', eventId, { _status: 'published' })).status).toBe(200)

    await createUser({
      payload,
      email: 'cf-editor@example.com',
      password: 'cf-editor-password',
      tenants: [{ tenant: harbour, roles: ['editor'] }],
    })
    const token = await login({
      origin: app.origin,
      email: 'cf-editor@example.com',
      password: 'cf-editor-password',
    })
    const edited = await fetch(`${app.origin}/api/works/${workId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
      body: JSON.stringify({ themeTemplate: 'edited-in-the-admin' }),
    })
    expect(edited.status).toBe(200)
    const venue = await payload.create({
      collection: 'venues',
      data: { title: 'Imported hall', tenant: harbour.id },
    })
    expect((await client.remove('works', workId)).status).toBe(204)

    const { changes } = await readAll(harbourRead, start)
    expect(changes.map((c) => [c.kind, c.event])).toEqual([
      ['works', 'created'],
      ['works', 'updated'],
      // The event was created as a draft: what websites read begins when it is published.
      ['events', 'published'],
      ['works', 'updated'],
      ['venues', 'created'],
      ['works', 'deleted'],
    ])
    expect(changes[0]?.actor.type).toBe('key')
    expect(changes[1]?.fields).toContain('title')
    expect(changes[3]?.actor.type).toBe('user')
    expect(changes[3]?.fields).toEqual(['themeTemplate'])
    expect(changes[4]?.actor.type).toBe('system')
    expect(changes[4]?.id).toBe(venue.id)
    expect(changes[5]).toMatchObject({ id: workId, fields: [], tenant: 'cf-harbour' })
    // Cursors are opaque and strictly ordered: reading from any entry's cursor resumes after it.
    const resumed = await readAll(harbourRead, changes[2]?.cursor)
    expect(resumed.changes.map((c) => c.cursor)).toEqual(changes.slice(3).map((c) => c.cursor))
    // A key that may write sees the draft's creation too, when it asks.
    const withDrafts = await readAll(harbourWrite, start, '&drafts=true')
    expect(
      withDrafts.changes.filter((c) => c.id === eventId).map((c) => [c.event, c.draft]),
    ).toEqual([
      ['created', true],
      ['published', false],
    ])

    // Filters by kind and event.
    const deletions = await readAll(harbourRead, start, '&event=deleted')
    expect(deletions.changes.map((c) => c.id)).toEqual([workId])
    const events = await readAll(harbourRead, start, '&kind=events')
    expect(events.changes.map((c) => c.event)).toEqual(['published'])
    // A filtered reader's cursor still moves past everything it was not shown.
    const after = await feed(harbourRead, `?after=${deletions.next}`)
    expect((after.body as unknown as Page).changes).toEqual([])
  })

  it('logs nothing for a write that rolls back, and announces a committed one at commit', async () => {
    const listener = new pg.Client({ connectionString: process.env.DATABASE_URI })
    await listener.connect()
    const heard: string[] = []
    listener.on('notification', (n) => heard.push(n.payload ?? ''))
    await listener.query(`listen ${changeChannel}`)
    try {
      const before = await readAll(harbourRead)
      const req = await createLocalReq({}, payload)
      await initTransaction(req)
      await payload.create({
        collection: 'works',
        data: { title: 'Rolled back', tenant: harbour.id },
        req,
      })
      await killTransaction(req)
      await new Promise((r) => setTimeout(r, 200))
      expect(heard).toEqual([])
      const after = await readAll(harbourRead, before.next)
      expect(after.changes).toEqual([])

      await payload.create({
        collection: 'works',
        data: { title: 'Committed', tenant: harbour.id },
      })
      const logged = await readAll(harbourRead, before.next)
      expect(logged.changes.map((c) => c.event)).toEqual(['created'])
      for (let i = 0; i < 20 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 50))
      // The change log and the read cache each announce the commit; both for this tenant only.
      expect([
        ...new Set(heard.map((h) => JSON.parse(h) as { tenant: string }).map((h) => h.tenant)),
      ]).toEqual([harbour.id])
    } finally {
      await listener.end()
    }
  })

  it('shows a tenant only its own changes, to its own keys and members', async () => {
    await payload.create({ collection: 'works', data: { title: 'Globe only', tenant: globe.id } })
    const globeFeed = await readAll(globeRead)
    expect(globeFeed.changes.length).toBeGreaterThan(0)
    expect(new Set(globeFeed.changes.map((c) => c.tenant))).toEqual(new Set(['cf-globe']))
    const harbourFeed = await readAll(harbourRead)
    expect(harbourFeed.changes.some((c) => c.tenant !== 'cf-harbour')).toBe(false)
    // Another tenant's key, no key, a bad key: refused before anything is read.
    expect((await feed(globeRead)).status).toBe(403)
    expect((await feed('')).status).toBe(401)
    expect((await feed('cms_not-a-real-key')).status).toBe(401)
    // A cursor tells nothing of the other tenants: Globe's writes between two Harbour
    // cursors leave no trace in them, and one tenant's cursor is not a cursor of another feed.
    const before = harbourFeed.next
    for (let i = 0; i < 3; i++)
      await payload.create({ collection: 'works', data: { title: `Globe ${i}`, tenant: globe.id } })
    await payload.create({ collection: 'works', data: { title: 'Harbour', tenant: harbour.id } })
    const step = await readAll(harbourRead, before)
    expect(step.changes).toHaveLength(1)
    for (const cursor of [before, step.next, step.changes[0]!.cursor]) {
      expect(cursor).toMatch(/^[A-Za-z0-9_-]{23}$/)
      expect(Buffer.from(cursor, 'base64url').toString('latin1')).not.toMatch(/v1:/)
    }
    const foreign = await feed(globeRead, `?after=${step.next}`, 'cf-globe')
    expect(foreign.status).toBe(400)
    // A cursor of the plain encoding anyone could write is not read: its feed answers 410.
    const legacy = await feed(harbourRead, `?after=${Buffer.from('v1:0').toString('base64url')}`)
    expect(legacy.status).toBe(410)
    expect(String(legacy.body.detail)).toMatch(/no longer reads.*again in full/)
    // The log is not a collection: Payload's REST has no route to it.
    expect(payload.collections).not.toHaveProperty('change_log')
    expect((await fetch(`${app.origin}/api/change_log`)).status).toBe(404)
  })

  it('refuses bad queries with every problem named, and a pruned cursor with 410', async () => {
    const bad = await feed(harbourRead, '?after=12&limit=5000&kind=nope&event=renamed&since=x')
    expect(bad.status).toBe(400)
    expect(bad.headers.get('content-type')).toContain('application/problem+json')
    expect(((bad.body.errors ?? []) as { field: string }[]).map((e) => e.field).sort()).toEqual([
      'after',
      'event',
      'kind',
      'limit',
      'since',
    ])
    expect(
      (
        await partner({ origin: app.origin, tenant: 'cf-harbour', key: harbourWrite }).call(
          'POST',
          '/changes',
          {},
        )
      ).status,
    ).toBe(405)

    const first = (await readAll(harbourRead)).changes[0]
    expect(first).toBeDefined()
    // Age every entry of the tenant past the retention, then prune.
    await db().drizzle.execute(
      sql`update change_log set at = now() - interval '100 days' where tenant_id = ${harbour.id}`,
    )
    expect(await pruneChangeLog({ payload, retentionDays: 90 })).toBeGreaterThan(0)
    const gone = await feed(harbourRead, `?after=${first?.cursor ?? ''}`)
    expect(gone.status).toBe(410)
    expect(String(gone.body.detail)).toMatch(/again in full/)
    // Starting over (no cursor) works, and the other tenant's feed is untouched.
    expect((await feed(harbourRead)).status).toBe(200)
    expect((await readAll(globeRead)).changes.length).toBeGreaterThan(0)
  })
})
