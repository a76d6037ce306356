import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { ApiKey, Tenant } from '../../src/payload-types'
import { startApp, waitUntil, type RunningApp } from '../helpers/app'
import { adminClient } from '../helpers/admin'
import { getTestPayload } from '../helpers/payload'
import { createKey, partner } from '../helpers/partner'
import { login } from '../helpers/rest'
import { createTenant, createUser } from '../helpers/tenants'

/**
 * The read cache is never stale: two instances with the cache on and one with it off, on one
 * database. Every write (partner, admin REST, Local API) ends the tenant's cached answers on
 * the instance that made it before its answer, and on the other instance at its NOTIFY; keys
 * and tenants likewise; with the listening connection gone nothing cached is used.
 */
let payload: Payload
let one: RunningApp
let two: RunningApp
let cold: RunningApp
let harbour: Tenant
let writeKey = ''
let readKey = ''

const api = (app: RunningApp, key = writeKey) =>
  partner({ origin: app.origin, tenant: 'rc-harbour', key })

const titleOf = async (app: RunningApp, id: string, key = readKey): Promise<unknown> =>
  (await api(app, key).get('events', id)).body.title

/** What another instance learns from a NOTIFY: soon, and polled closely to see how soon. */
const soon = (check: () => Promise<boolean>, what: string) =>
  waitUntil({ check, timeoutMs: 2_000, intervalMs: 10, what })

const newEvent = async (title: string): Promise<string> => {
  // Published: the read key reads what is published.
  const created = await api(one).create('events', { title, _status: 'published' })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return String(created.body.id)
}

beforeAll(async () => {
  payload = await getTestPayload()
  harbour = await createTenant({ payload, slug: 'rc-harbour' })
  writeKey = await createKey({ payload, tenants: [harbour], scope: 'write' })
  readKey = await createKey({ payload, tenants: [harbour], scope: 'read' })
  ;[one, two, cold] = await Promise.all([
    startApp(),
    startApp(),
    startApp({ env: { PARTNER_CACHE: 'off' } }),
  ])
})

afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop(), cold?.stop()])
})

describe('the partner read cache', () => {
  it('answers a partner its own write on the next read, every time', async () => {
    const id = await newEvent('Own write 0')
    const client = api(one)
    for (let i = 1; i <= 15; i++) {
      // Both reads are cached before the write.
      await client.get('events', id)
      await client.list('events', '?limit=5&sort=-updatedAt')
      expect((await client.update('events', id, { title: `Own write ${i}` })).status).toBe(200)
      expect((await client.get('events', id)).body.title).toBe(`Own write ${i}`)
      const listed = await client.list('events', '?limit=5&sort=-updatedAt')
      expect(listed.body.docs?.[0]).toMatchObject({ id, title: `Own write ${i}` })
    }
  })

  it('ends cached answers for a save that changes only updatedAt, and for a record moved away', async () => {
    const id = await newEvent('Unchanged save')
    const client = api(one)
    const before = await client.get('events', id)
    expect((await client.get('events', id)).headers.get('etag')).toBe(before.headers.get('etag'))
    const saved = await client.update('events', id, {})
    expect(saved.status).toBe(200)
    const after = await client.get('events', id)
    expect(after.headers.get('etag')).toBe(saved.headers.get('etag'))
    expect(after.body.updatedAt).toBe(saved.body.updatedAt)

    // A super-admin moves it to another tenant: it leaves this tenant's cached answers.
    const away = await createTenant({ payload, slug: 'rc-away' })
    expect((await client.get('events', id)).status).toBe(200)
    // Saved whole: a move saved as a draft is refused (it would move the newest version only).
    await expect(
      payload.update({ collection: 'events', id, data: { tenant: away.id }, draft: true }),
    ).rejects.toThrow()
    await payload.update({ collection: 'events', id, data: { tenant: away.id } })
    await soon(
      async () => (await api(one, readKey).get('events', id)).status === 404,
      'the moved record to leave its old tenant',
    )
  })

  it('answers a conditional write on a bad or foreign id 404, taking no lock', async () => {
    const foreign = await createTenant({ payload, slug: 'rc-foreign' })
    const theirs = await payload.create({
      collection: 'works',
      data: { tenant: foreign.id, title: 'Not yours' },
    })
    for (const id of ['not-a-uuid', theirs.id]) {
      const res = await api(one).call(
        'PATCH',
        `/works/${id}`,
        { title: 'x' },
        { 'if-match': '"x"' },
      )
      expect(res.status, `${id} ${JSON.stringify(res.body)}`).toBe(404)
      const gone = await api(one).call('DELETE', `/works/${id}`, undefined, { 'if-match': '"x"' })
      expect(gone.status, id).toBe(404)
    }
  })

  it('shows another instance the write within moments, from its NOTIFY', async () => {
    const id = await newEvent('Seen elsewhere')
    expect(await titleOf(two, id)).toBe('Seen elsewhere')
    expect(await titleOf(two, id)).toBe('Seen elsewhere')
    expect((await api(one).update('events', id, { title: 'Changed on one' })).status).toBe(200)
    await soon(
      async () => (await titleOf(two, id)) === 'Changed on one',
      'instance two to see the write made on instance one',
    )
  })

  it("ends cached answers for writes from the admin's REST and the Local API too", async () => {
    const id = await newEvent('Before the editor')
    expect(await titleOf(one, id)).toBe('Before the editor')
    const editor = await createUser({
      payload,
      email: 'rc-editor@example.com',
      tenants: [{ tenant: harbour, roles: ['editor'] }],
    })
    const token = await login({
      origin: two.origin,
      email: editor.email,
      password: 'test-password-123',
    })
    const edited = await adminClient({ origin: two.origin, token }).patch(`/api/events/${id}`, {
      title: 'Edited in the admin',
      _status: 'published',
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    await soon(
      async () => (await titleOf(one, id)) === 'Edited in the admin',
      "instance one to see the admin's edit",
    )
    await payload.update({
      collection: 'events',
      id,
      data: { title: 'Imported', _status: 'published' } as never,
    })
    await soon(
      async () => (await titleOf(one, id)) === 'Imported',
      "instance one to see the Local API's write",
    )
  })

  it('answers the same bytes and tags with the cache on and off, and 304s both ways', async () => {
    await newEvent('Same bytes')
    const paths = ['?limit=3', '?limit=3&sort=title', '?where[title][equals]=Same%20bytes']
    for (const query of paths) {
      const warm = await api(one, readKey).call('GET', `/events${query}`)
      const hot = await api(one, readKey).call('GET', `/events${query}`)
      const off = await api(cold, readKey).call('GET', `/events${query}`)
      expect(hot.body).toEqual(off.body)
      expect(warm.headers.get('etag')).toBe(off.headers.get('etag'))
      expect(hot.headers.get('etag')).toBe(off.headers.get('etag'))
      for (const app of [one, cold]) {
        const again = await api(app, readKey).call('GET', `/events${query}`, undefined, {
          'if-none-match': off.headers.get('etag') ?? '',
        })
        expect(again.status).toBe(304)
      }
    }
  })

  it('stops a revoked key on every instance, and moves with a renamed tenant', async () => {
    const key = await createKey({ payload, tenants: [harbour], scope: 'read' })
    const id = await newEvent('Key check')
    for (const app of [one, two]) {
      expect((await api(app, key).get('events', id)).status).toBe(200)
      expect((await api(app, key).get('events', id)).status).toBe(200)
    }
    const { docs } = await payload.find({
      collection: 'api-keys',
      where: { prefix: { equals: key.split('_')[1] } },
      overrideAccess: true,
    })
    const stored = docs[0] as ApiKey
    await payload.update({ collection: 'api-keys', id: stored.id, data: { revoked: true } })
    for (const app of [one, two]) {
      await soon(
        async () => (await api(app, key).get('events', id)).status === 401,
        'the revoked key to be refused',
      )
    }

    // Revoked through an instance's own REST: refused by that instance on the very next request.
    const admin = await createUser({ payload, email: 'rc-admin@example.com', superAdmin: true })
    const token = await login({
      origin: one.origin,
      email: admin.email,
      password: 'test-password-123',
    })
    const next = await createKey({ payload, tenants: [harbour], scope: 'read' })
    expect((await api(one, next).get('events', id)).status).toBe(200)
    const nextStored = (
      await payload.find({
        collection: 'api-keys',
        where: { prefix: { equals: next.split('_')[1] } },
        overrideAccess: true,
      })
    ).docs[0] as ApiKey
    const revoked = await adminClient({ origin: one.origin, token }).patch(
      `/api/api-keys/${nextStored.id}`,
      { revoked: true },
    )
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200)
    expect((await api(one, next).get('events', id)).status).toBe(401)

    // A tenant's new slug: the old path is refused and the new one served.
    const renamed = await createTenant({ payload, slug: 'rc-renamed' })
    const renamedKey = await createKey({ payload, tenants: [renamed], scope: 'read' })
    const at = (slug: string) =>
      partner({ origin: one.origin, tenant: slug, key: renamedKey }).list('events')
    expect((await at('rc-renamed')).status).toBe(200)
    await payload.update({ collection: 'tenants', id: renamed.id, data: { slug: 'rc-moved' } })
    await soon(
      async () => (await at('rc-renamed')).status === 403 && (await at('rc-moved')).status === 200,
      'the renamed tenant to move',
    )
  })

  it('uses nothing cached while its listening connection is gone', async () => {
    const id = await newEvent('Listener gone')
    expect(await titleOf(two, id)).toBe('Listener gone')
    expect(await titleOf(two, id)).toBe('Listener gone')
    const db = payload.db as unknown as PostgresAdapter
    // Every LISTEN connection of every instance, cut; a write made meanwhile is not announced to
    // anyone who is not listening, yet must be read.
    await db.drizzle.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen cms_changes' and pid <> pg_backend_pid()`,
    )
    // The instance sees its connection close a moment later; the write comes after that.
    await new Promise((resolve) => setTimeout(resolve, 200))
    await payload.update({
      collection: 'events',
      id,
      data: { title: 'Written unheard', _status: 'published' } as never,
    })
    expect(await titleOf(two, id)).toBe('Written unheard')
  })
})
