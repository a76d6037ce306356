import { randomUUID } from 'node:crypto'
import type { Payload } from 'payload'
import { formatNames } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Tenant } from '../../src/payload-types'
import { makeImage } from '../../src/seed/images'
import { paragraph, richText } from '../../src/seed/richText'
import { adminClient, signIn, type AdminClient } from '../helpers/admin'
import { startApp, type RunningApp } from '../helpers/app'
import { createKey, partnerBase } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'
import {
  changesNothingOfY,
  createsNothingInY,
  graphqlUpdateData,
  readsNothingOfY,
  recordSnapshot,
} from '../helpers/roleMatrix'
import { makeInTenant, makeSample } from '../helpers/samples'
import { createTenant, createUser } from '../helpers/tenants'

/**
 * Every role against every collection of Payload's own REST and GraphQL API, across two
 * tenants: nothing of tenant Y is readable, changeable or deletable by tenant X's people or by
 * anyone signed out, and the database shows nothing changed. Collections are found from the
 * running configuration, so a new one joins the matrix by itself.
 */
let app: RunningApp
let payload: Payload
let x: Tenant
let y: Tenant
const password = 'matrix-password-1'
/** slug → a record of each tenant */
const records = new Map<string, { x: string; y: string }>()
let png: Buffer

const specialSlugs = ['users', 'api-keys', 'tenants'] as const

/** A record of `slug` for `tenant`: an account, or the collection's test sample. */
const sample = async ({
  slug,
  tenant,
  label,
}: {
  slug: string
  tenant: Tenant
  label: string
}): Promise<string> => {
  switch (slug) {
    case 'users':
      return (
        await createUser({
          payload,
          email: `${label.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}@example.com`,
          password,
          tenants: [{ tenant, roles: ['editor'] }],
        })
      ).id
    case 'api-keys':
      return String(
        (
          await payload.create({
            collection: 'api-keys',
            data: { name: label, tenants: [tenant.id], scope: 'write' },
          })
        ).id,
      )
    case 'tenants':
      return tenant.id
    default:
      return makeSample({
        collection: slug,
        tag: label,
        make: makeInTenant({
          payload,
          tenant,
          file: { data: png, mimetype: 'image/png', name: 'm.png', size: png.length },
        }),
      })
  }
}

let snapshot: ReturnType<typeof recordSnapshot>

/** Tenant collections only a tenant's admins see: its settings. */
const tenantAdminSettings = ['webhooks', 'webhook-deliveries']

const tenantSlugs = (): string[] =>
  Object.values(payload.collections)
    .filter(({ config }) => config.flattenedFields.some((f) => f.name === 'tenant'))
    .map(({ config }) => config.slug)

const roles: Record<string, () => Promise<AdminClient>> = {
  'tenant admin of X': () =>
    signIn({ origin: app.origin, email: 'matrix-admin-x@example.com', password }),
  'editor of X': () =>
    signIn({ origin: app.origin, email: 'matrix-editor-x@example.com', password }),
  'signed out': async () => adminClient({ origin: app.origin }),
}

beforeAll(async () => {
  payload = await getTestPayload()
  snapshot = recordSnapshot(payload)
  x = await createTenant({ payload, slug: 'matrix-x' })
  y = await createTenant({ payload, slug: 'matrix-y' })
  png = Buffer.from(await makeImage({ width: 120, height: 90 }))
  await createUser({
    payload,
    email: 'matrix-admin-x@example.com',
    password,
    tenants: [{ tenant: x, roles: ['tenant-admin'] }],
  })
  await createUser({
    payload,
    email: 'matrix-editor-x@example.com',
    password,
    tenants: [{ tenant: x, roles: ['editor'] }],
  })
  await createUser({ payload, email: 'matrix-root@example.com', password, superAdmin: true })
  // The reviewer's attacker: administers X and edits Y, so shares a tenant with Y's people.
  await createUser({
    payload,
    email: 'matrix-admin-x-editor-y@example.com',
    password,
    tenants: [
      { tenant: x, roles: ['tenant-admin'] },
      { tenant: y, roles: ['editor'] },
    ],
  })
  for (const slug of [...tenantSlugs(), ...specialSlugs]) {
    records.set(slug, {
      x: await sample({ slug, tenant: x, label: `matrix x ${slug}` }),
      y: await sample({ slug, tenant: y, label: `matrix y ${slug}` }),
    })
  }
  app = await startApp()
})

afterAll(async () => {
  await app?.stop()
})

describe('the matrix', () => {
  it('covers every tenant collection and the account collections', () => {
    expect(tenantSlugs().length).toBeGreaterThanOrEqual(15)
    expect([...records.keys()]).toEqual(expect.arrayContaining([...specialSlugs, 'media', 'pages']))
  })

  it('a super-admin reaches the records of both tenants (the fixtures are real)', async () => {
    const root = await signIn({ origin: app.origin, email: 'matrix-root@example.com', password })
    for (const [slug, { x: ownId, y: otherId }] of records) {
      for (const id of [ownId, otherId]) {
        const res = await root.get(`/api/${slug}/${id}?depth=0`)
        expect(res.status, `${slug} ${id}`).toBe(200)
      }
      // The GraphQL names and shapes the attacks below use are the real ones.
      const name = formatNames(slug).singular
      const gql = await root.graphql(`query ($id: String!) { ${name}(id: $id) { id } }`, {
        id: otherId,
      })
      expect(JSON.stringify(gql.body), `${slug} graphql`).toContain(otherId)
      const update = await root.graphql(
        `mutation ($id: String!) { update${name}(id: $id, data: ${graphqlUpdateData(slug)}) { id } }`,
        { id: otherId },
      )
      expect(
        update.body.errors,
        `${slug} graphql update: ${JSON.stringify(update.body)}`,
      ).toBeUndefined()
    }
  })

  it("X's editor reads X's records of every tenant collection (the routes work)", async () => {
    const editor = await roles['editor of X']!()
    for (const slug of tenantSlugs().filter((s) => !tenantAdminSettings.includes(s))) {
      const res = await editor.get(`/api/${slug}/${records.get(slug)!.x}?depth=0`)
      expect(res.status, slug).toBe(200)
    }
  })

  it("X's webhook settings are its tenant admin's, not its editor's", async () => {
    const editor = await roles['editor of X']!()
    const admin = await roles['tenant admin of X']!()
    for (const slug of tenantAdminSettings) {
      const id = records.get(slug)!.x
      expect([403, 404], slug).toContain((await editor.get(`/api/${slug}/${id}?depth=0`)).status)
      expect((await admin.get(`/api/${slug}/${id}?depth=0`)).status, slug).toBe(200)
    }
  })
})

describe.each(Object.keys(roles))('as %s', (role) => {
  let client: AdminClient
  beforeAll(async () => {
    client = await roles[role]!()
  })

  it("reads nothing of Y's, through REST lists, REST by id and GraphQL", async () => {
    await readsNothingOfY({ client, records })
  })

  it("changes and deletes nothing of Y's, through REST and GraphQL", async () => {
    await changesNothingOfY({ client, records, snapshot })
  })

  it('creates nothing in Y', async () => {
    await createsNothingInY({ client, payload, slugs: tenantSlugs(), y: y.id })
    const user = await client.post('/api/users', {
      email: `planted-${role.replace(/\W+/g, '-')}@example.com`,
      password,
      tenants: [{ tenant: y.id, roles: ['tenant-admin'] }],
    })
    expect([400, 401, 403], `user create: ${user.status}`).toContain(user.status)
    const key = await client.post('/api/api-keys', {
      name: 'planted',
      tenants: [y.id],
      scope: 'write',
    })
    expect([400, 401, 403], `key create: ${key.status}`).toContain(key.status)
  })
})

describe.each(['tenant admin of X', 'editor of X'])('as %s, inside content', (role) => {
  let client: AdminClient
  beforeAll(async () => {
    client = await roles[role]!()
  })

  it("points nothing of X at Y's records: rich text links and pictures, page blocks, SEO", async () => {
    const yWork = records.get('works')!.y
    const yMedia = records.get('media')!.y
    const yEvent = records.get('events')!.y
    const linkTo = (value: string) =>
      richText(paragraph({ link: 'theirs', to: { relationTo: 'works', value } }))

    const picture = (value: string) => ({
      root: {
        ...linkTo(value).root,
        children: [
          { type: 'upload', version: 3, format: '', relationTo: 'media', value, fields: {} },
        ],
      },
    })
    const attempts: { slug: string; data: Record<string, unknown> }[] = [
      { slug: 'events', data: { title: 'Linked', description: linkTo(yWork) } },
      { slug: 'works', data: { title: 'Pictured', description: picture(yMedia) } },
      { slug: 'events', data: { title: 'Seo', meta: { image: yMedia } } },
      { slug: 'pages', data: { title: 'Blocks', layout: [{ blockType: 'media', image: yMedia }] } },
      {
        slug: 'pages',
        data: {
          title: 'Listed',
          layout: [{ blockType: 'eventList', source: 'chosen', events: [yEvent] }],
        },
      },
      {
        slug: 'pages',
        data: { title: 'Nested', layout: [{ blockType: 'richText', content: linkTo(yWork) }] },
      },
    ]
    for (const { slug, data } of attempts) {
      const before = (
        await payload.count({ collection: slug as 'events', where: { tenant: { equals: x.id } } })
      ).totalDocs
      const rest = await client.post(`/api/${slug}`, { ...data, tenant: x.id })
      expect(
        rest.status,
        `${slug} ${JSON.stringify(data).slice(0, 80)}: ${JSON.stringify(rest.body).slice(0, 200)}`,
      ).toBe(400)
      const own = records.get(slug)!.x
      const ownBefore = await snapshot(slug, own)
      const patch = await client.patch(`/api/${slug}/${own}`, data)
      expect(patch.status, `${slug} patch`).toBe(400)
      expect(await snapshot(slug, own), `${slug} unchanged`).toBe(ownBefore)
      const after = (
        await payload.count({ collection: slug as 'events', where: { tenant: { equals: x.id } } })
      ).totalDocs
      expect(after, slug).toBe(before)
    }
  })
})

describe("as X's tenant admin who also edits Y", () => {
  let client: AdminClient
  beforeAll(async () => {
    client = await signIn({
      origin: app.origin,
      email: 'matrix-admin-x-editor-y@example.com',
      password,
    })
  })

  it("reaches none of Y's people, keys and webhooks, and cannot change Y itself", async () => {
    for (const slug of ['users', 'api-keys', ...tenantAdminSettings]) {
      const id = records.get(slug)!.y
      const before = await snapshot(slug, id)
      expect([403, 404], `${slug} read`).toContain((await client.get(`/api/${slug}/${id}`)).status)
      const list = await client.get(`/api/${slug}?limit=200&depth=0`)
      expect(JSON.stringify(list.body), `${slug} list`).not.toContain(id)
      const change: Record<string, Record<string, unknown>> = {
        users: { password: 'taken-over-123' },
        'api-keys': { scope: 'write', name: 'x' },
        webhooks: { url: 'https://attacker.example.org/in', active: true },
        'webhook-deliveries': { retry: true },
      }
      expect([403, 404], `${slug} update`).toContain(
        (await client.patch(`/api/${slug}/${id}`, change[slug])).status,
      )
      expect([403, 404], `${slug} delete`).toContain(
        (await client.delete(`/api/${slug}/${id}`)).status,
      )
      expect(await snapshot(slug, id), `${slug} unchanged`).toBe(before)
    }
    const tenantBefore = await snapshot('tenants', y.id)
    expect([403, 404]).toContain(
      (await client.patch(`/api/tenants/${y.id}`, { name: 'taken' })).status,
    )
    expect(await snapshot('tenants', y.id)).toBe(tenantBefore)
    // Y's content is theirs to edit as Y's editor: the positive control.
    const event = records.get('events')!.y
    expect((await client.get(`/api/events/${event}`)).status).toBe(200)
  })
})

describe('the public calendar feeds setting', () => {
  it("only the tenant's admins turn it on, for their own tenant only", async () => {
    const admin = await roles['tenant admin of X']!()
    const editor = await roles['editor of X']!()
    const feeds = async (id: string) =>
      (await payload.findByID({ collection: 'tenants', id, depth: 0 })).publicCalendarFeeds
    expect(await feeds(x.id)).toBe(false)
    const byEditor = await editor.patch(`/api/tenants/${x.id}`, { publicCalendarFeeds: true })
    expect([403, 404]).toContain(byEditor.status)
    expect(await feeds(x.id)).toBe(false)
    const onY = await admin.patch(`/api/tenants/${y.id}`, { publicCalendarFeeds: true })
    expect([403, 404]).toContain(onY.status)
    expect(await feeds(y.id)).toBe(false)
    const byAdmin = await admin.patch(`/api/tenants/${x.id}`, { publicCalendarFeeds: true })
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200)
    expect(await feeds(x.id)).toBe(true)
    await payload.update({ collection: 'tenants', id: x.id, data: { publicCalendarFeeds: false } })
  })
})

describe('preview links, for every role, against the other tenant', () => {
  /** Y's links, counted from the database: nothing below may add or revoke one. */
  const yLinks = async () =>
    (
      await payload.find({
        collection: 'preview-links',
        where: { tenant: { equals: y.id } },
        depth: 0,
        limit: 1000,
      })
    ).docs.map((doc) => `${doc.id} ${String(doc.revoked)}`)

  const keyless = (path: string) => fetch(`${app.origin}${partnerBase}${path}`)

  it("nobody of X makes, reads with, or revokes a link to Y's records; a super-admin may", async () => {
    const yEvent = records.get('events')!.y
    const xEvent = records.get('events')!.x
    const share = { collection: 'events', id: yEvent }
    const before = await yLinks()

    // The admin's share endpoint: Y's record is missing to X's people, nobody's when signed out.
    for (const [role, client] of Object.entries(roles)) {
      const res = await (await client()).post('/api/preview-links/share', share)
      expect([401, 404], `${role}: ${res.status}`).toContain(res.status)
    }
    const root = await signIn({ origin: app.origin, email: 'matrix-root@example.com', password })
    expect(await yLinks()).toEqual(before)

    // Partner keys of X: a read key may not write (403), X's write key is not Y's (403), and
    // Y's record is no record of X's path (404); without a key, 401.
    const xRead = await createKey({ payload, tenants: [x], scope: 'read' })
    const xWrite = await createKey({ payload, tenants: [x], scope: 'write' })
    const post = (key: string | undefined, path: string) =>
      fetch(`${app.origin}${partnerBase}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(key ? { authorization: `Bearer ${key}` } : {}),
        },
        body: '{}',
      })
    expect((await post(xRead, `/matrix-y/events/${yEvent}/preview-links`)).status).toBe(403)
    expect((await post(xRead, `/matrix-x/events/${xEvent}/preview-links`)).status).toBe(403)
    expect((await post(xWrite, `/matrix-y/events/${yEvent}/preview-links`)).status).toBe(403)
    expect((await post(xWrite, `/matrix-x/events/${yEvent}/preview-links`)).status).toBe(404)
    expect((await post(undefined, `/matrix-y/events/${yEvent}/preview-links`)).status).toBe(401)
    expect(await yLinks()).toEqual(before)

    // A super-admin shares Y's draft from the admin; its token reads Y's record on Y's path only.
    const made = await root.post('/api/preview-links/share', share)
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const { id: link, token } = made.body as { id: string; token: string }
    const q = `?preview=${encodeURIComponent(token)}`
    expect((await keyless(`/matrix-y/events/${yEvent}${q}`)).status).toBe(200)
    expect((await keyless(`/matrix-x/events/${yEvent}${q}`)).status).toBe(401)
    expect((await keyless(`/matrix-x/events/${xEvent}${q}`)).status).toBe(401)
    const withLink = await yLinks()

    // Nobody of X revokes it: not the keys, not the people of X through Payload's REST.
    const del = (key: string, path: string) =>
      fetch(`${app.origin}${partnerBase}${path}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${key}` },
      })
    expect((await del(xWrite, `/matrix-y/preview-links/${link}`)).status).toBe(403)
    expect((await del(xWrite, `/matrix-x/preview-links/${link}`)).status).toBe(404)
    expect((await del(xRead, `/matrix-x/preview-links/${link}`)).status).toBe(403)
    for (const [role, client] of Object.entries(roles)) {
      const patch = await (await client()).patch(`/api/preview-links/${link}`, { revoked: true })
      expect([401, 403, 404], `${role}: ${patch.status}`).toContain(patch.status)
    }
    expect(await yLinks()).toEqual(withLink)
    expect((await keyless(`/matrix-y/events/${yEvent}${q}`)).status).toBe(200)
  })
})

describe('performances in bulk, for every role, against the other tenant', () => {
  const bulk = '/api/event-instances/bulk'
  const yInstances = async () =>
    JSON.stringify(
      (
        await payload.find({
          collection: 'event-instances',
          where: { tenant: { equals: y.id } },
          depth: 0,
          pagination: false,
          sort: 'id',
        })
      ).docs,
    )

  it("nobody of X adds to, changes or deletes Y's performances; a super-admin may", async () => {
    const yEvent = records.get('events')!.y
    const yInstance = records.get('event-instances')!.y
    const xEvent = records.get('events')!.x
    const before = await yInstances()
    for (const [role, client] of Object.entries(roles)) {
      const signed = await client()
      const add = await signed.post(bulk, { event: yEvent, list: '2031-01-01 19:30' })
      expect([401, 404], `${role} add: ${add.status}`).toContain(add.status)
      const change = await signed.patch(bulk, { ids: [yInstance], change: { hidden: true } })
      expect([401, 404], `${role} change: ${change.status}`).toContain(change.status)
      const remove = await signed.delete(bulk, { ids: [yInstance] })
      expect([401, 404], `${role} delete: ${remove.status}`).toContain(remove.status)
    }
    expect(await yInstances()).toBe(before)

    // Partner keys of X: the batch on Y's path is refused, on X's path Y's event is no event.
    const xWrite = await createKey({ payload, tenants: [x], scope: 'write' })
    const batch = (tenant: string, event: string) =>
      fetch(`${app.origin}${partnerBase}/${tenant}/event-instances/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${xWrite}` },
        body: JSON.stringify({
          records: [{ id: randomUUID(), event, startDate: '2031-01-01T19:30:00.000Z' }],
        }),
      })
    expect((await batch('matrix-y', yEvent)).status).toBe(403)
    expect((await batch('matrix-x', yEvent)).status).toBe(400)
    expect((await batch('matrix-x', xEvent)).status).toBe(201)
    expect(await yInstances()).toBe(before)

    const root = await signIn({ origin: app.origin, email: 'matrix-root@example.com', password })
    const made = await root.post(bulk, { event: yEvent, list: '2031-01-01 19:30' })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(await yInstances()).not.toBe(before)
  })
})
