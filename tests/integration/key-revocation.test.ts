import http from 'node:http'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Tenant, User } from '../../src/payload-types'
import { signIn, type AdminClient } from '../helpers/admin'
import { startApp, waitUntil, type RunningApp } from '../helpers/app'
import { partner } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'
import { createTenant, createUser } from '../helpers/tenants'

/**
 * What a revoked key leaves behind: the subscriptions and scheduled changes a key made record
 * it, and revoking or deleting the key pauses the one and cancels the other, through every
 * surface (here the admin's REST API, as a tenant admin); another key's are untouched.
 */
let payload: Payload
let app: RunningApp
let theatre: Tenant
let admin: AdminClient
let adminUser: User
const password = 'key-revocation-password'

type Key = { id: string; key: string; name: string; prefix: string }

const makeKey = async (name: string): Promise<Key> => {
  const doc = await payload.create({
    collection: 'api-keys',
    data: { name, tenants: [theatre.id], scope: 'write' },
  })
  return {
    id: doc.id,
    key: (doc as unknown as { key: string }).key,
    name,
    prefix: doc.prefix ?? '',
  }
}

const api = (key: Key) =>
  partner({ origin: app.origin, tenant: 'kr-theatre', key: key.key, drafts: true })
const soon = (ms: number) => new Date(Date.now() + ms).toISOString()
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A key's subscription and a scheduled publish of a new draft, `inMs` from now. */
const madeBy = async (key: Key, inMs: number) => {
  const hook = await api(key).call('POST', '/webhooks', {
    url: `https://hooks.example.org/${key.prefix}`,
  })
  expect(hook.status, JSON.stringify(hook.body)).toBe(201)
  const draft = await api(key).create('events', { title: `By ${key.name}`, _status: 'draft' })
  expect(draft.status, JSON.stringify(draft.body)).toBe(201)
  const change = await api(key).call('POST', '/scheduled-changes', {
    kind: 'events',
    record: draft.body.id,
    action: 'publish',
    at: soon(inMs),
  })
  expect(change.status, JSON.stringify(change.body)).toBe(201)
  return { hook: String(hook.body.id), record: String(draft.body.id), change: change.body }
}

const subscription = (id: string) =>
  payload.findByID({ collection: 'webhooks', id, depth: 0, overrideAccess: true })

const statusOf = async (record: string) =>
  (
    await payload.findByID({
      collection: 'events',
      id: record,
      depth: 0,
      draft: false,
      overrideAccess: true,
    })
  )._status

const scheduledIds = async (key: Key) =>
  ((await api(key).call('GET', '/scheduled-changes')).body.docs ?? []).map((d) => String(d.id))

beforeAll(async () => {
  payload = await getTestPayload()
  theatre = await createTenant({ payload, slug: 'kr-theatre' })
  adminUser = await createUser({
    payload,
    email: 'kr-admin@example.com',
    password,
    tenants: [{ tenant: theatre, roles: ['tenant-admin'] }],
  })
  app = await startApp({ env: { SCHEDULE_POLL_MS: '250' } })
  admin = await signIn({ origin: app.origin, email: 'kr-admin@example.com', password })
})

afterAll(async () => {
  await app?.stop()
})

describe('what a key makes records it', () => {
  it('a key’s subscription and scheduled change name the key; a user’s name the user', async () => {
    const key = await makeKey('Listings feed')
    const made = await madeBy(key, 3_600_000)
    expect(made.change.createdBy).toEqual({ type: 'key', id: key.id })
    const read = await api(key).call('GET', `/webhooks/${made.hook}`)
    expect(read.body.createdBy).toEqual({ type: 'key', id: key.id })
    const listed = (await api(key).call('GET', '/scheduled-changes')).body.docs ?? []
    expect(listed.find((d) => d.id === made.change.id)?.createdBy).toEqual({
      type: 'key',
      id: key.id,
    })
    // A body cannot say who made it.
    const planted = await api(key).call('POST', '/webhooks', {
      url: 'https://hooks.example.org/planted',
      createdBy: { type: 'user', id: adminUser.id },
    })
    expect(planted.status).toBe(400)

    // The admin: the signed-in user, whatever the body names.
    const byUser = await admin.post('/api/webhooks', {
      tenant: theatre.id,
      url: 'https://hooks.example.org/by-user',
      createdBy: { relationTo: 'api-keys', value: key.id },
    })
    expect(byUser.status, JSON.stringify(byUser.body)).toBe(201)
    const userHook = String((byUser.body.doc as { id: string }).id)
    expect((await subscription(userHook)).createdBy).toEqual({
      relationTo: 'users',
      value: adminUser.id,
    })
    expect((await api(key).call('GET', `/webhooks/${userHook}`)).body.createdBy).toEqual({
      type: 'user',
      id: adminUser.id,
    })
    // Nor can an update rewrite it.
    expect(
      (
        await admin.patch(`/api/webhooks/${userHook}`, {
          createdBy: { relationTo: 'api-keys', value: key.id },
        })
      ).status,
    ).toBe(200)
    expect((await subscription(userHook)).createdBy).toEqual({
      relationTo: 'users',
      value: adminUser.id,
    })
  })
})

describe('revoking a key', () => {
  it('pauses its subscriptions and cancels its scheduled changes; another key’s go on', async () => {
    const revoked = await makeKey('Old box office')
    const other = await makeKey('New box office')
    // Far enough ahead that a loaded machine still checks them before their time.
    const mine = await madeBy(revoked, 20_000)
    const theirs = await madeBy(other, 20_000)

    // The admin's key view says what the key made.
    const page = await fetch(`${app.origin}/admin/collections/api-keys/${revoked.id}`, {
      headers: { cookie: `payload-token=${admin.token ?? ''}` },
    })
    expect(page.status).toBe(200)
    expect(await page.text()).toMatch(/1 webhook subscription.*1.*active.*1 scheduled change/s)

    const revoke = await admin.patch(`/api/api-keys/${revoked.id}`, { revoked: true })
    expect(revoke.status, JSON.stringify(revoke.body)).toBe(200)

    const paused = await subscription(mine.hook)
    expect(paused.active).toBe(false)
    expect(paused.pausedAt).toBeTruthy()
    expect(paused.pausedReason).toBe(
      `Paused: the API key that made it (${revoked.name}, ${revoked.prefix}) was revoked.`,
    )
    const read = await api(other).call('GET', `/webhooks/${mine.hook}`)
    expect(read.body).toMatchObject({ active: false, pausedReason: paused.pausedReason })
    expect((await subscription(theirs.hook)).active).toBe(true)

    const waiting = await scheduledIds(other)
    expect(waiting).not.toContain(mine.change.id)
    expect(waiting).toContain(theirs.change.id)
    // Past both times: the other key's change ran, the revoked key's never does.
    await waitUntil({
      what: "the other key's scheduled publish",
      timeoutMs: 40_000,
      check: async () => (await statusOf(theirs.record)) === 'published',
    })
    await sleep(1_000)
    expect(await statusOf(mine.record)).toBe('draft')
  })

  it('deleting a key does the same', async () => {
    const gone = await makeKey('Retired website')
    const other = await makeKey('Current website')
    const mine = await madeBy(gone, 3_000)
    const theirs = await madeBy(other, 3_600_000)

    const removed = await admin.delete(`/api/api-keys/${gone.id}`)
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)

    const paused = await subscription(mine.hook)
    expect(paused.active).toBe(false)
    expect(paused.pausedReason).toBe(
      `Paused: the API key that made it (${gone.name}, ${gone.prefix}) was deleted.`,
    )
    // The key is gone, and so is the reference to it.
    expect((await api(other).call('GET', `/webhooks/${mine.hook}`)).body.createdBy).toBeNull()
    expect((await subscription(theirs.hook)).active).toBe(true)
    const waiting = await scheduledIds(other)
    expect(waiting).not.toContain(mine.change.id)
    expect(waiting).toContain(theirs.change.id)
    await sleep(5_000)
    expect(await statusOf(mine.record)).toBe('draft')
  })
})

describe('a key on one kept-alive connection', () => {
  /** GETs over one socket, kept alive between requests: a partner's usual connection. */
  const oneConnection = () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const get = (key: string) =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = http.get(
          `${app.origin}/api/partners/2025-07/kr-theatre/events`,
          { agent, headers: { authorization: `Bearer ${key}` } },
          (res) => {
            res.resume()
            res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }))
          },
        )
        req.on('error', reject)
      })
    return { get, close: () => agent.destroy() }
  }

  it('is refused on its next request once it is revoked, or its secret rotated', async () => {
    const revoked = await makeKey('kept-alive revoked')
    const rotated = await makeKey('kept-alive rotated')
    for (const [key, change] of [
      [revoked, () => admin.patch(`/api/api-keys/${revoked.id}`, { revoked: true })],
      [rotated, () => admin.post(`/api/api-keys/${rotated.id}/secret`)],
    ] as const) {
      const connection = oneConnection()
      try {
        expect((await connection.get(key.key)).status).toBe(200)
        expect((await connection.get(key.key)).status).toBe(200)
        expect((await change()).status).toBe(200)
        const after = await connection.get(key.key)
        // The same connection, the same header: checked against the key as it is now.
        expect(after.reused).toBe(true)
        expect(after.status).toBe(401)
      } finally {
        connection.close()
      }
    }
  })
})
