import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { ApiKey, Tenant, User } from '../../src/payload-types'
import { adminClient, canSignIn, signIn, type AdminClient } from '../helpers/admin'
import { makeImage } from '../../src/seed/images'
import { startApp, type RunningApp } from '../helpers/app'
import { partner } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'
import { createTenant, createUser } from '../helpers/tenants'

/**
 * Accounts and keys across tenants, through Payload's own REST and GraphQL API: what one
 * tenant's people can do to another tenant's users and keys. Every refused write is checked
 * in the database afterwards.
 */
let app: RunningApp
let payload: Payload
let a: Tenant
let b: Tenant
let c: Tenant
const password = 'isolation-password-1'
const users: Record<string, User> = {}
let adminC: AdminClient
let adminBC: AdminClient

const make = async (
  name: string,
  tenants: { tenant: Tenant; roles: ('tenant-admin' | 'editor')[] }[],
  superAdmin = false,
): Promise<void> => {
  users[name] = await createUser({
    payload,
    email: `iso-${name.toLowerCase()}@example.com`,
    password,
    tenants,
    superAdmin,
  })
}

const stored = (id: string): Promise<User> =>
  payload.findByID({ collection: 'users', id, depth: 0, showHiddenFields: true })

const storedKey = (id: string): Promise<ApiKey> =>
  payload.findByID({ collection: 'api-keys', id, depth: 0, showHiddenFields: true })

const newKey = async (tenants: Tenant[], scope: 'read' | 'write' = 'read') => {
  const doc = (await payload.create({
    collection: 'api-keys',
    data: { name: 'shared key', tenants: tenants.map((t) => t.id), scope },
  })) as ApiKey & { key: string }
  return doc
}

beforeAll(async () => {
  payload = await getTestPayload()
  a = await createTenant({ payload, slug: 'iso-a' })
  b = await createTenant({ payload, slug: 'iso-b' })
  c = await createTenant({ payload, slug: 'iso-c' })
  await make('super', [{ tenant: a, roles: ['editor'] }], true)
  await make('adminA', [{ tenant: a, roles: ['tenant-admin'] }])
  await make('editorA', [{ tenant: a, roles: ['editor'] }])
  await make('adminB', [
    { tenant: b, roles: ['tenant-admin'] },
    { tenant: a, roles: ['editor'] },
  ])
  await make('adminC', [
    { tenant: c, roles: ['tenant-admin'] },
    { tenant: a, roles: ['editor'] },
  ])
  await make('adminBC', [
    { tenant: b, roles: ['tenant-admin'] },
    { tenant: c, roles: ['tenant-admin'] },
  ])
  await make('editorC', [{ tenant: c, roles: ['editor'] }])
  await make('editorAC', [
    { tenant: a, roles: ['editor'] },
    { tenant: c, roles: ['editor'] },
  ])
  app = await startApp()
  adminC = await signIn({ origin: app.origin, email: 'iso-adminc@example.com', password })
  adminBC = await signIn({ origin: app.origin, email: 'iso-adminbc@example.com', password })
})

afterAll(async () => {
  await app?.stop()
})

describe('users across tenants', () => {
  const victims = ['editorA', 'adminA', 'adminB', 'super', 'editorAC'] as const

  it("a tenant admin cannot change another tenant's people's password, email or roles, nor delete them", async () => {
    for (const victim of victims) {
      const user = users[victim]!
      const before = await stored(user.id)
      for (const data of [
        { password: 'taken-over-123' },
        { email: `taken-${victim}@example.com` },
        { name: 'renamed' },
        { tenants: [{ tenant: c.id, roles: ['editor'] }] },
      ]) {
        const res = await adminC.patch(`/api/users/${user.id}`, data)
        expect([403, 404], `${victim} ${JSON.stringify(data)}`).toContain(res.status)
      }
      const del = await adminC.delete(`/api/users/${user.id}`)
      expect([403, 404], `${victim} delete`).toContain(del.status)
      const after = await stored(user.id)
      expect(after.email).toBe(before.email)
      expect(after.name ?? null).toBe(before.name ?? null)
      expect(after.tenants).toEqual(before.tenants)
      expect(
        await canSignIn({ origin: app.origin, email: before.email, password }),
        `${victim} still signs in with the old password`,
      ).toBe(true)
    }
  })

  it('bulk writes by `where` touch nobody outside the admin’s tenants', async () => {
    const res = await adminC.patch(`/api/users?where[email][like]=iso-&depth=0`, {
      name: 'bulk-renamed',
    })
    expect(res.status).toBeLessThan(500)
    for (const victim of victims) expect((await stored(users[victim]!.id)).name ?? null).toBeNull()
    const del = await adminC.delete(`/api/users?where[email][like]=iso-editora`)
    expect(del.status).toBeLessThan(500)
    expect((await stored(users.editorA!.id)).email).toBe('iso-editora@example.com')
    // The bulk rename reached the one person wholly inside C; put it back.
    await payload.update({ collection: 'users', id: users.editorC!.id, data: { name: null } })
  })

  it('GraphQL refuses the same credential changes and deletions', async () => {
    for (const victim of victims) {
      const id = users[victim]!.id
      const res = await adminC.graphql(
        `mutation ($id: String!) { updateUser(id: $id, data: { password: "taken-over-123", email: "gql-${victim}@example.com" }) { id } }`,
        { id },
      )
      expect(res.body.errors, `${victim}: ${JSON.stringify(res.body)}`).toBeTruthy()
      const del = await adminC.graphql(`mutation ($id: String!) { deleteUser(id: $id) { id } }`, {
        id,
      })
      expect(del.body.errors, `${victim} delete`).toBeTruthy()
      expect((await stored(id)).email).toBe(`iso-${victim.toLowerCase()}@example.com`)
      expect(
        await canSignIn({
          origin: app.origin,
          email: `iso-${victim.toLowerCase()}@example.com`,
          password,
        }),
      ).toBe(true)
    }
  })

  it('a tenant admin reads only themselves and the people wholly inside their tenants', async () => {
    const list = await adminC.get('/api/users?limit=100&depth=0')
    expect(list.status).toBe(200)
    const emails = (list.body.docs as User[]).map((u) => u.email).sort()
    expect(emails).toEqual(['iso-adminc@example.com', 'iso-editorc@example.com'])
    for (const victim of victims) {
      const one = await adminC.get(`/api/users/${users[victim]!.id}`)
      expect([403, 404]).toContain(one.status)
    }
    const gql = await adminC.graphql(`{ Users(limit: 100) { docs { email } } }`)
    const gqlEmails = (
      (gql.body.data as { Users: { docs: { email: string }[] } }).Users.docs ?? []
    ).map((u) => u.email)
    expect(gqlEmails.sort()).toEqual(['iso-adminc@example.com', 'iso-editorc@example.com'])
    const editor = await signIn({ origin: app.origin, email: 'iso-editora@example.com', password })
    const mine = await editor.get('/api/users?limit=100')
    expect((mine.body.docs as User[]).map((u) => u.email)).toEqual(['iso-editora@example.com'])
  })

  it('a tenant admin still manages the people wholly inside their tenants', async () => {
    const editorC = users.editorC!
    const res = await adminC.patch(`/api/users/${editorC.id}`, { name: 'Editor of C' })
    expect(res.status).toBe(200)
    expect((await stored(editorC.id)).name).toBe('Editor of C')
  })

  it('refuses duplicate membership rows and memberships that are not a list, storing nothing', async () => {
    const editorC = users.editorC!
    const before = await stored(editorC.id)
    for (const tenants of [
      [
        { tenant: c.id, roles: ['tenant-admin'] },
        { tenant: c.id, roles: ['editor'] },
      ],
      [
        { tenant: c.id, roles: ['editor'] },
        { tenant: c.id, roles: ['tenant-admin'] },
      ],
      { tenant: c.id, roles: ['tenant-admin'] },
      'iso-c',
      [null],
    ]) {
      const res = await adminC.patch(`/api/users/${editorC.id}`, { tenants })
      expect(res.status, JSON.stringify({ tenants, body: res.body })).toBe(400)
    }
    expect((await stored(editorC.id)).tenants).toEqual(before.tenants)
    // Same for a super-admin: the duplicate row is refused for everyone.
    const root = await signIn({ origin: app.origin, email: 'iso-super@example.com', password })
    const dup = await root.patch(`/api/users/${editorC.id}`, {
      tenants: [
        { tenant: b.id, roles: ['tenant-admin'] },
        { tenant: b.id, roles: ['editor'] },
      ],
    })
    expect(dup.status).toBe(400)
    const created = await adminBC.post('/api/users', {
      email: 'iso-dup@example.com',
      password,
      tenants: [
        { tenant: b.id, roles: ['editor'] },
        { tenant: b.id, roles: ['tenant-admin'] },
      ],
    })
    expect(created.status).toBe(400)
    expect(
      (
        await payload.count({
          collection: 'users',
          where: { email: { equals: 'iso-dup@example.com' } },
        })
      ).totalDocs,
    ).toBe(0)
  })

  it('nobody unlocks or resets another tenant’s admin through the account endpoints', async () => {
    const res = await adminC.post('/api/users/unlock', { email: 'iso-admina@example.com' })
    expect([401, 403]).toContain(res.status)
  })
})

describe('keys bound to several tenants', () => {
  it('an admin of one of its tenants can neither see nor change nor rotate nor delete it', async () => {
    const shared = await newKey([b, c], 'read')
    await payload.update({ collection: 'api-keys', id: shared.id, data: { revoked: true } })
    const before = await storedKey(shared.id)

    const read = await adminC.get(`/api/api-keys/${shared.id}`)
    expect([403, 404]).toContain(read.status)
    const list = await adminC.get('/api/api-keys?limit=100')
    expect((list.body.docs as ApiKey[]).map((k) => k.id)).not.toContain(shared.id)
    for (const data of [
      { scope: 'write' },
      { revoked: false },
      { tenants: [c.id] },
      { name: 'x' },
    ]) {
      const res = await adminC.patch(`/api/api-keys/${shared.id}`, data)
      expect([403, 404], JSON.stringify(data)).toContain(res.status)
    }
    const rotate = await adminC.post(`/api/api-keys/${shared.id}/secret`)
    expect(rotate.status).toBe(404)
    expect(rotate.body).not.toHaveProperty('key')
    const del = await adminC.delete(`/api/api-keys/${shared.id}`)
    expect([403, 404]).toContain(del.status)
    const gql = await adminC.graphql(
      `mutation ($id: String!) { updateApiKey(id: $id, data: { scope: write, revoked: false }) { id } }`,
      { id: shared.id },
    )
    expect(gql.body.errors).toBeTruthy()

    const after = await storedKey(shared.id)
    expect(after.scope).toBe(before.scope)
    expect(after.revoked).toBe(true)
    expect(after.hash).toBe(before.hash)
    expect(after.prefix).toBe(before.prefix)

    // An admin of both tenants may.
    const allowed = await adminBC.patch(`/api/api-keys/${shared.id}`, { name: 'renamed by BC' })
    expect(allowed.status).toBe(200)
    const rotated = await adminBC.post(`/api/api-keys/${shared.id}/secret`)
    expect(rotated.status).toBe(200)
    expect(String(rotated.body.key)).toMatch(/^cms_/)
    const works = await partner({
      origin: app.origin,
      tenant: 'iso-b',
      key: String(rotated.body.key),
    }).list('events')
    expect(works.status).toBe(200)
  })

  it('server-set key fields cannot be written by hand, and a prefix is one key’s alone', async () => {
    const victim = await newKey([b], 'read')
    const victimBefore = await storedKey(victim.id)
    const created = await adminC.post('/api/api-keys', {
      name: 'copycat',
      tenants: [c.id],
      scope: 'read',
      prefix: victimBefore.prefix,
      hash: 'planted',
      createdBy: users.super!.id,
      lastUsedAt: '2020-01-01T00:00:00.000Z',
      revokedAt: '2020-01-01T00:00:00.000Z',
    })
    expect(created.status).toBe(201)
    const doc = created.body.doc as ApiKey & { key: string }
    const mine = await storedKey(doc.id)
    expect(mine.prefix).not.toBe(victimBefore.prefix)
    expect(mine.hash).not.toBe('planted')
    expect(String(mine.createdBy)).toBe(users.adminC!.id)
    expect(mine.lastUsedAt ?? null).toBeNull()
    expect(mine.revokedAt ?? null).toBeNull()

    const patched = await adminC.patch(`/api/api-keys/${doc.id}`, {
      prefix: victimBefore.prefix,
      hash: 'planted',
      createdBy: users.super!.id,
      lastUsedAt: '2020-01-01T00:00:00.000Z',
    })
    expect(patched.status).toBe(200)
    const again = await storedKey(doc.id)
    expect(again.prefix).toBe(mine.prefix)
    expect(again.hash).toBe(mine.hash)
    expect(String(again.createdBy)).toBe(users.adminC!.id)
    expect(again.lastUsedAt ?? null).toBeNull()

    // The victim's key still works, and its own key too.
    expect(
      (await partner({ origin: app.origin, tenant: 'iso-b', key: victim.key }).list('events'))
        .status,
    ).toBe(200)
    expect(
      (await partner({ origin: app.origin, tenant: 'iso-c', key: doc.key }).list('events')).status,
    ).toBe(200)

    // Even the database refuses a second key with the same prefix.
    await expect(
      payload.db.updateOne({
        collection: 'api-keys',
        id: doc.id,
        data: { prefix: victimBefore.prefix },
      }),
    ).rejects.toThrow()
  })

  it('recording a key’s use writes its last-used time alone, never the rest of the key', async () => {
    const key = await newKey([c], 'read')
    const before = await storedKey(key.id)
    const res = await partner({ origin: app.origin, tenant: 'iso-c', key: key.key }).list('events')
    expect(res.status).toBe(200)
    let after = await storedKey(key.id)
    for (let i = 0; i < 50 && !after.lastUsedAt; i++) {
      await new Promise((r) => setTimeout(r, 100))
      after = await storedKey(key.id)
    }
    expect(after.lastUsedAt).toBeTruthy()
    // A document write would have moved `updatedAt` (and written back the flags it had read).
    expect(after.updatedAt).toBe(before.updatedAt)
  })
})

describe('locks and preferences', () => {
  it("document locks are off, and one person's preferences are theirs alone", async () => {
    const editorA = await signIn({ origin: app.origin, email: 'iso-editora@example.com', password })
    const lock = await editorA.post('/api/payload-locked-documents', {
      document: { relationTo: 'users', value: users.adminA!.id },
      user: { relationTo: 'users', value: users.editorA!.id },
    })
    expect(lock.status).toBe(404)

    const saved = await adminC.post('/api/payload-preferences/iso-nav', {
      value: { note: 'private to adminC' },
    })
    expect(saved.status).toBeLessThan(300)
    const list = await editorA.get('/api/payload-preferences?limit=100')
    expect(JSON.stringify(list.body)).not.toContain('private to adminC')
    const one = await editorA.get('/api/payload-preferences/iso-nav')
    expect(JSON.stringify(one.body)).not.toContain('private to adminC')
    const overwrite = await editorA.post('/api/payload-preferences/iso-nav', {
      value: { note: 'from editorA' },
    })
    expect(overwrite.status).toBeLessThan(300)
    const still = await adminC.get('/api/payload-preferences/iso-nav')
    expect(JSON.stringify(still.body)).toContain('private to adminC')
  })
})

describe('signed-out callers', () => {
  it('reach no user, key or lock', async () => {
    const anon = adminClient({ origin: app.origin })
    for (const path of ['/api/users', '/api/api-keys', '/api/payload-locked-documents']) {
      const res = await anon.get(path)
      // Locks are off, so their collection is gone altogether (404).
      expect([401, 403, 404], path).toContain(res.status)
    }
    const res = await anon.patch(`/api/users/${users.editorA!.id}`, { password: 'x-123456789' })
    expect([401, 403]).toContain(res.status)
  })
})

describe("a super-admin's moves between tenants", () => {
  it('are refused while the record points at, or is pointed at by, records of its old tenant', async () => {
    const root = await signIn({ origin: app.origin, email: 'iso-super@example.com', password })
    const png = Buffer.from(await makeImage({ width: 200, height: 200 }))
    const image = await payload.create({
      collection: 'media',
      data: { tenant: a.id, alt: 'poster of A' },
      file: { data: png, mimetype: 'image/png', name: 'move.png', size: png.length },
    })
    const work = await payload.create({
      collection: 'works',
      data: { tenant: a.id, title: 'Work of A' },
    })
    const event = await payload.create({
      collection: 'events',
      data: { tenant: a.id, title: 'Event of A', image: image.id, work: work.id },
    })
    // Its own references stay behind in A.
    const withRefs = await root.patch(`/api/events/${event.id}`, { tenant: b.id })
    expect(withRefs.status).toBe(400)
    expect(JSON.stringify(withRefs.body)).toMatch(/image|work/)
    expect(
      String((await payload.findByID({ collection: 'events', id: event.id, depth: 0 })).tenant),
    ).toBe(a.id)

    // Without them, the performances that point at it would be stranded.
    await payload.update({ collection: 'events', id: event.id, data: { image: null, work: null } })
    await payload.create({
      collection: 'event-instances',
      data: { tenant: a.id, event: event.id, startDate: '2027-01-01T19:30:00.000Z' },
    })
    const pointedAt = await root.patch(`/api/events/${event.id}`, { tenant: b.id })
    expect(pointedAt.status).toBe(400)
    expect(JSON.stringify(pointedAt.body)).toMatch(/event-instances/)
    expect(
      String((await payload.findByID({ collection: 'events', id: event.id, depth: 0 })).tenant),
    ).toBe(a.id)

    // A record nobody points at, pointing at nothing, moves.
    const loose = await payload.create({
      collection: 'seasons',
      data: { tenant: a.id, title: 'Loose' },
    })
    const moved = await root.patch(`/api/seasons/${loose.id}`, { tenant: b.id })
    expect(moved.status).toBe(200)
    expect(
      String((await payload.findByID({ collection: 'seasons', id: loose.id, depth: 0 })).tenant),
    ).toBe(b.id)
  })
})
