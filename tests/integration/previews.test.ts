import { randomUUID } from 'node:crypto'
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { postgresOf } from '../../src/db/postgres'
import type { Tenant } from '../../src/payload-types'
import { readPreviewToken, signPreviewToken } from '../../src/plugins/previews/exports'
import { adminClient, signIn, type AdminClient } from '../helpers/admin'
import { startApp, type RunningApp } from '../helpers/app'
import { getTestPayload } from '../helpers/payload'
import { createKey, partner, partnerBase } from '../helpers/partner'
import { createTenant, createUser } from '../helpers/tenants'

/**
 * Draft previews: a write key or an editor in the admin makes a signed, expiring, revocable
 * link to one draft event or page; with no key at all, its token reads that record's latest
 * version, in its tenant only, and every token that does not fit gets one and the same 401.
 */
let app: RunningApp
let payload: Payload
let theatre: Tenant
let festival: Tenant
const keys = { write: '', read: '', festival: '', festivalRead: '' }
const password = 'preview-password-1'
let editor: AdminClient

type Made = { id: string; token: string; url: string; expiresAt: string }

const api = (key: string, tenant = 'pv-theatre') => partner({ origin: app.origin, tenant, key })

/** A request with no Authorization header at all, as a signed-out reader's browser sends. */
const signedOut = async (path: string) => {
  const res = await fetch(`${app.origin}${partnerBase}${path}`)
  const text = await res.text()
  return {
    status: res.status,
    headers: res.headers,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
  }
}

const preview = (tenant: string, kind: string, id: string, token: string) =>
  signedOut(`/${tenant}/${kind}/${id}?preview=${encodeURIComponent(token)}`)

const share = async ({
  kind,
  id,
  key = keys.write,
  tenant = 'pv-theatre',
  body = {},
}: {
  kind: string
  id: string
  key?: string
  tenant?: string
  body?: unknown
}) => api(key, tenant).call('POST', `/${kind}/${id}/preview-links`, body)

const made = async (args: Parameters<typeof share>[0]): Promise<Made> => {
  const res = await share(args)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as unknown as Made
}

const draft = async ({
  kind = 'events',
  title,
  key = keys.write,
  tenant = 'pv-theatre',
}: {
  kind?: string
  title: string
  key?: string
  tenant?: string
}): Promise<string> => {
  const res = await api(key, tenant).create(kind, { title, _status: 'draft' })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return String(res.body.id)
}

const linkCount = async () => (await payload.count({ collection: 'preview-links' })).totalDocs

beforeAll(async () => {
  payload = await getTestPayload()
  theatre = await createTenant({ payload, slug: 'pv-theatre' })
  festival = await createTenant({ payload, slug: 'pv-festival' })
  await payload.update({
    collection: 'tenants',
    id: festival.id,
    data: { website: 'https://www.festival.example.org' },
  })
  keys.write = await createKey({ payload, tenants: [theatre], scope: 'write' })
  keys.read = await createKey({ payload, tenants: [theatre], scope: 'read' })
  keys.festival = await createKey({ payload, tenants: [festival], scope: 'write' })
  keys.festivalRead = await createKey({ payload, tenants: [festival], scope: 'read' })
  await createUser({
    payload,
    email: 'pv-editor@example.com',
    password,
    tenants: [{ tenant: theatre, roles: ['editor'] }],
  })
  // The refusals below are many 401s from one address: they must not trip its failed-auth limit.
  app = await startApp({ env: { PARTNER_FAILED_AUTH_PER_MINUTE: '10000' } })
  editor = await signIn({ origin: app.origin, email: 'pv-editor@example.com', password })
})

afterAll(async () => {
  await app?.stop()
})

describe('a preview link made with a write key', () => {
  it('reads a never-published draft with no key; a read key and a list see nothing of it', async () => {
    const id = await draft({ title: 'Secret premiere' })
    const before = Date.now()
    const link = await made({ kind: 'events', id })
    // Seven days unless asked otherwise.
    const life = new Date(link.expiresAt).getTime() - before
    expect(life).toBeGreaterThan(7 * 86_400_000 - 600_000)
    expect(life).toBeLessThanOrEqual(7 * 86_400_000 + 600_000)
    // No website: the link is the partner API's own read.
    expect(link.url).toMatch(
      new RegExp(
        `^https?://[^/]+${partnerBase}/pv-theatre/events/${id}\\?preview=${encodeURIComponent(link.token).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
      ),
    )
    const claims = readPreviewToken({ token: link.token, secret: payload.secret })
    expect(claims).toMatchObject({ link: link.id, tenant: theatre.id, collection: 'events' })

    const read = await preview('pv-theatre', 'events', id, link.token)
    expect(read.status, JSON.stringify(read.body)).toBe(200)
    expect(read.body).toMatchObject({ id, title: 'Secret premiere', _status: 'draft' })
    // The answer was cached for the preview: still nothing for a read key, nor for nobody.
    expect((await api(keys.read).get('events', id)).status).toBe(404)
    expect((await signedOut(`/pv-theatre/events/${id}`)).status).toBe(401)
    // One record only: lists take no `preview`, with or without a key.
    expect((await signedOut(`/pv-theatre/events?preview=${link.token}`)).status).toBe(401)
    expect((await api(keys.read).list('events', `?preview=${link.token}`)).status).toBe(400)

    const row = await payload.findByID({ collection: 'preview-links', id: link.id, depth: 0 })
    expect(row).toMatchObject({ collection: 'events', record: id, revoked: false })
    expect(row.createdBy).toMatchObject({ relationTo: 'api-keys' })
    expect(String((row.tenant as string | Tenant | null | undefined) ?? '')).toBe(theatre.id)
  })

  it('shows a draft saved over a published record; a key still reads the published one', async () => {
    const created = await api(keys.write).create('events', {
      title: 'On stage',
      _status: 'published',
    })
    const id = String(created.body.id)
    expect(
      (await api(keys.write).update('events', id, { title: 'Rewritten', _status: 'draft' })).status,
    ).toBe(200)
    const link = await made({ kind: 'events', id, body: { expiresInHours: 2 } })
    const life = new Date(link.expiresAt).getTime() - Date.now()
    expect(life).toBeGreaterThan(1.5 * 3_600_000)
    expect(life).toBeLessThanOrEqual(2 * 3_600_000)

    expect((await preview('pv-theatre', 'events', id, link.token)).body.title).toBe('Rewritten')
    expect((await api(keys.read).get('events', id)).body.title).toBe('On stage')
    // A key is judged by itself: `preview` is accepted and changes nothing.
    const withKey = await api(keys.read).call(
      'GET',
      `/events/${id}?preview=${encodeURIComponent(link.token)}`,
    )
    expect(withKey.status).toBe(200)
    expect(withKey.body.title).toBe('On stage')
    // A published-only read with nobody's key: refused, the published version is no guest's.
    expect((await signedOut(`/pv-theatre/events/${id}`)).status).toBe(401)
  })

  it('shares pages too, and a page of a tenant with a website links to it', async () => {
    const page = await draft({
      kind: 'pages',
      title: 'Festival guide',
      key: keys.festival,
      tenant: 'pv-festival',
    })
    const link = await made({ kind: 'pages', id: page, key: keys.festival, tenant: 'pv-festival' })
    const stored = await payload.findByID({ collection: 'pages', id: page, draft: true, depth: 0 })
    expect(link.url).toBe(
      `https://www.festival.example.org${String(stored.url)}?preview=${encodeURIComponent(link.token)}`,
    )
    const read = await preview('pv-festival', 'pages', page, link.token)
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ id: page, title: 'Festival guide' })
  })

  it('is refused to a read key (403), another tenant’s key (403), for another tenant’s or no record (404), and for a bad body (400, 415); nothing is made', async () => {
    const id = await draft({ title: 'Guarded' })
    const theirs = await draft({ title: 'Theirs', key: keys.festival, tenant: 'pv-festival' })
    const before = await linkCount()
    expect((await share({ kind: 'events', id, key: keys.read })).status).toBe(403)
    expect((await share({ kind: 'events', id, key: keys.festival })).status).toBe(403)
    expect((await share({ kind: 'events', id: theirs })).status).toBe(404)
    expect((await share({ kind: 'events', id: randomUUID() })).status).toBe(404)
    // An event's id on the pages path is no page.
    expect((await share({ kind: 'pages', id })).status).toBe(404)
    for (const body of [
      { expiresInHours: 0 },
      { expiresInHours: 721 },
      { expiresInHours: 1.5 },
      { expiresInHours: '24' },
      { expiresInHours: 24, colour: 'red' },
      [],
    ]) {
      const res = await share({ kind: 'events', id, body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.headers.get('content-type')).toContain('application/problem+json')
    }
    const plain = await api(keys.write).call('POST', `/events/${id}/preview-links`, 'x', {
      'content-type': 'text/plain',
    })
    expect(plain.status).toBe(415)
    expect((await signedOut(`/pv-theatre/events/${id}/preview-links`)).status).toBe(405)
    expect(await linkCount()).toBe(before)
  })
})

describe('every token that does not fit', () => {
  it('gets the same 401, whatever is wrong with it', async () => {
    const event = await draft({ title: 'Refusals' })
    const other = await draft({ title: 'Another event' })
    const page = await draft({ kind: 'pages', title: 'A page' })
    const good = await made({ kind: 'events', id: event })
    const pageLink = await made({ kind: 'pages', id: page })
    const revoked = await made({ kind: 'events', id: event })
    const theirEvent = await draft({
      title: 'Festival draft',
      key: keys.festival,
      tenant: 'pv-festival',
    })
    const theirs = await made({
      kind: 'events',
      id: theirEvent,
      key: keys.festival,
      tenant: 'pv-festival',
    })
    const rowExpired = await made({ kind: 'events', id: event })
    await postgresOf(payload).drizzle.execute(
      sql`update preview_links set expires_at = now() - interval '1 minute' where id = ${rowExpired.id}`,
    )
    expect((await api(keys.write).call('DELETE', `/preview-links/${revoked.id}`)).status).toBe(204)

    const claims = readPreviewToken({ token: good.token, secret: payload.secret })!
    const [mark, body, signature] = good.token.split('.') as [string, string, string]
    const expiredBySignature = signPreviewToken({
      claims: { ...claims, expiresAt: new Date(Date.now() - 60_000) },
      secret: payload.secret,
    })
    const otherClaims = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(body, 'base64url').toString('utf8')),
        r: other,
      }),
    ).toString('base64url')
    const refusals: Record<string, string> = {
      missing: `/pv-theatre/events/${event}`,
      empty: `/pv-theatre/events/${event}?preview=`,
      'not a token': `/pv-theatre/events/${event}?preview=not-a-token`,
      'signed with a past expiry': `/pv-theatre/events/${event}?preview=${expiredBySignature}`,
      'its link expired': `/pv-theatre/events/${event}?preview=${rowExpired.token}`,
      revoked: `/pv-theatre/events/${event}?preview=${revoked.token}`,
      'tampered signature': `/pv-theatre/events/${event}?preview=${mark}.${body}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`,
      'tampered claims': `/pv-theatre/events/${other}?preview=${mark}.${otherClaims}.${signature}`,
      "another tenant's token on this tenant's path": `/pv-theatre/events/${theirEvent}?preview=${theirs.token}`,
      "this tenant's token on another tenant's path": `/pv-festival/events/${event}?preview=${good.token}`,
      'a token for another record': `/pv-theatre/events/${other}?preview=${good.token}`,
      'a page token on the events path': `/pv-theatre/events/${page}?preview=${pageLink.token}`,
      'an event token on the pages path': `/pv-theatre/pages/${event}?preview=${good.token}`,
      'two tokens': `/pv-theatre/events/${event}?preview=${good.token}&preview=${good.token}`,
    }
    const answers = new Map<string, string>()
    for (const [form, path] of Object.entries(refusals)) {
      const res = await signedOut(path)
      expect(res.status, form).toBe(401)
      expect(res.headers.get('www-authenticate'), form).toBe('Bearer realm="partners"')
      const { requestId, ...rest } = res.body
      expect(requestId, form).toBe(res.headers.get('x-request-id'))
      answers.set(form, JSON.stringify(rest))
    }
    expect(new Set(answers.values()).size, JSON.stringify([...answers])).toBe(1)
    // The valid ones still read: the refusals were the tokens', not the records'.
    expect((await preview('pv-theatre', 'events', event, good.token)).status).toBe(200)
    expect((await preview('pv-theatre', 'pages', page, pageLink.token)).status).toBe(200)
    expect((await preview('pv-festival', 'events', theirEvent, theirs.token)).status).toBe(200)
  })

  it('a revoked link stops at once, though its answer was cached; revoking is 204 again, 404 for a link not the tenant’s', async () => {
    const event = await draft({ title: 'Cached then revoked' })
    const link = await made({ kind: 'events', id: event })
    expect((await preview('pv-theatre', 'events', event, link.token)).status).toBe(200)
    expect((await preview('pv-theatre', 'events', event, link.token)).status).toBe(200)
    const path = `/preview-links/${link.id}`
    expect((await api(keys.read).call('DELETE', path)).status).toBe(403)
    expect((await api(keys.festival).call('DELETE', path)).status).toBe(403)
    expect((await api(keys.festival, 'pv-festival').call('DELETE', path)).status).toBe(404)
    expect(
      (await fetch(`${app.origin}${partnerBase}/pv-theatre${path}`, { method: 'DELETE' })).status,
    ).toBe(401)
    expect((await api(keys.write).call('DELETE', `/preview-links/${randomUUID()}`)).status).toBe(
      404,
    )
    expect((await preview('pv-theatre', 'events', event, link.token)).status).toBe(200)
    expect((await api(keys.write).call('DELETE', path)).status).toBe(204)
    expect((await preview('pv-theatre', 'events', event, link.token)).status).toBe(401)
    expect((await api(keys.write).call('DELETE', path)).status).toBe(204)
    const row = await payload.findByID({ collection: 'preview-links', id: link.id, depth: 0 })
    expect(row.revoked).toBe(true)
    expect(row.revokedAt).toBeTruthy()
  })

  it('revoking the key that made a link revokes the link', async () => {
    const maker = await createKey({ payload, tenants: [theatre], scope: 'write' })
    const event = await draft({ title: 'Made by a key that goes' })
    const link = await made({ kind: 'events', id: event, key: maker })
    expect((await preview('pv-theatre', 'events', event, link.token)).status).toBe(200)
    const { docs } = await payload.find({
      collection: 'preview-links',
      where: { id: { equals: link.id } },
      depth: 1,
    })
    const keyId = (docs[0]?.createdBy?.value as { id: string }).id
    await payload.update({ collection: 'api-keys', id: keyId, data: { revoked: true } })
    expect((await preview('pv-theatre', 'events', event, link.token)).status).toBe(401)
  })
})

describe('a preview link made in the admin', () => {
  it('an editor shares a draft of their tenant, sees and revokes its links, and nothing of another tenant', async () => {
    const event = await draft({ title: 'Editor’s draft' })
    const res = await editor.post('/api/preview-links/share', { collection: 'events', id: event })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const link = res.body as unknown as Made
    expect(link.url).toContain(`?preview=${encodeURIComponent(link.token)}`)
    const read = await preview('pv-theatre', 'events', event, link.token)
    expect(read.status).toBe(200)
    expect(read.body.title).toBe('Editor’s draft')
    const row = await payload.findByID({ collection: 'preview-links', id: link.id, depth: 0 })
    expect(row.createdBy).toMatchObject({ relationTo: 'users' })

    // Another tenant's record is missing to them; bad bodies are 400; signed out is 401.
    const theirs = await draft({ title: 'Not yours', key: keys.festival, tenant: 'pv-festival' })
    const theirLink = await made({
      kind: 'events',
      id: theirs,
      key: keys.festival,
      tenant: 'pv-festival',
    })
    const before = await linkCount()
    expect(
      (await editor.post('/api/preview-links/share', { collection: 'events', id: theirs })).status,
    ).toBe(404)
    for (const body of [
      { collection: 'works', id: event },
      { collection: 'events' },
      { collection: 'events', id: event, expiresInHours: 0 },
      { collection: 'events', id: event, expiresInHours: 100_000 },
    ])
      expect(
        (await editor.post('/api/preview-links/share', body)).status,
        JSON.stringify(body),
      ).toBe(400)
    expect(
      (
        await adminClient({ origin: app.origin }).post('/api/preview-links/share', {
          collection: 'events',
          id: event,
        })
      ).status,
    ).toBe(401)
    // Nobody makes a link through Payload's own create.
    expect(
      (
        await editor.post('/api/preview-links', {
          collection: 'events',
          record: event,
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        })
      ).status,
    ).toBe(403)
    expect(await linkCount()).toBe(before)

    // The list is the tenant's links only.
    const list = await editor.get('/api/preview-links?limit=200&depth=0')
    const ids = (list.body.docs as { id: string }[]).map((d) => d.id)
    expect(ids).toContain(link.id)
    expect(ids).not.toContain(theirLink.id)
    expect((await editor.get(`/api/preview-links/${theirLink.id}`)).status).toBe(404)
    expect([403, 404]).toContain(
      (await editor.patch(`/api/preview-links/${theirLink.id}`, { revoked: true })).status,
    )
    expect((await preview('pv-festival', 'events', theirs, theirLink.token)).status).toBe(200)

    // Only `revoked` changes, once, for good.
    const far = new Date(Date.now() + 365 * 86_400_000).toISOString()
    const patched = await editor.patch(`/api/preview-links/${link.id}`, {
      revoked: true,
      expiresAt: far,
      record: theirs,
    })
    expect(patched.status, JSON.stringify(patched.body)).toBe(200)
    const after = await payload.findByID({ collection: 'preview-links', id: link.id, depth: 0 })
    expect(after).toMatchObject({ revoked: true, record: event, expiresAt: row.expiresAt })
    expect((await preview('pv-theatre', 'events', event, link.token)).status).toBe(401)
    await editor.patch(`/api/preview-links/${link.id}`, { revoked: false })
    expect(
      (await payload.findByID({ collection: 'preview-links', id: link.id, depth: 0 })).revoked,
    ).toBe(true)
    expect((await preview('pv-theatre', 'events', event, link.token)).status).toBe(401)
  })
})
