import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Tenant } from '../../src/payload-types'
import { makeImage } from '../../src/seed/images'
import { paragraph, richText } from '../../src/seed/richText'
import { adminClient, signIn, type AdminClient } from '../helpers/admin'
import { startApp, type RunningApp } from '../helpers/app'
import { getTestPayload } from '../helpers/payload'
import { createKey, partner } from '../helpers/partner'
import { createTenant, createUser } from '../helpers/tenants'

/**
 * SEO fields on events, pages, works and blog posts: filled from the record until someone
 * writes them, kept following the record while they are the default, kept as written when
 * they are not, and bound by the tenant rule like every other reference. The admin's
 * "generate" buttons answer only what the signed-in user may read.
 */
let payload: Payload
let app: RunningApp
let theatre: Tenant
let festival: Tenant
let key = ''
let editor: AdminClient
const media: Record<string, string> = {}

const api = () => partner({ origin: app.origin, tenant: 'seo-theatre', key, drafts: true })
const long =
  'An evening of music and words in the old ballroom, where the orchestra plays the overtures ' +
  'of three forgotten operas and the company reads the letters their composers wrote home, ' +
  'ending with a dance that everyone is invited to join.'

beforeAll(async () => {
  payload = await getTestPayload()
  theatre = await createTenant({ payload, slug: 'seo-theatre' })
  festival = await createTenant({ payload, slug: 'seo-festival' })
  await payload.update({
    collection: 'tenants',
    id: festival.id,
    data: { website: 'https://festival.example.org' },
  })
  await payload.update({
    collection: 'tenants',
    id: theatre.id,
    data: { website: 'https://theatre.example.org/' },
  })
  key = await createKey({ payload, tenants: [theatre], scope: 'write' })
  await createUser({
    payload,
    email: 'seo-editor@example.com',
    tenants: [{ tenant: theatre, roles: ['editor'] }],
  })
  const png = Buffer.from(await makeImage({ width: 300, height: 200 }))
  for (const tenant of [theatre, festival])
    media[tenant.slug] = (
      await payload.create({
        collection: 'media',
        data: { tenant: tenant.id, alt: `Picture ${tenant.slug}` },
        file: { data: png, mimetype: 'image/png', name: `${tenant.slug}.png`, size: png.length },
      })
    ).id
  app = await startApp()
  editor = await signIn({
    origin: app.origin,
    email: 'seo-editor@example.com',
    password: 'test-password-123',
  })
})

afterAll(async () => {
  await app?.stop()
})

type Meta = { title: string | null; description: string | null; image: string | null }
const metaOf = (body: Record<string, unknown>): Meta => body.meta as Meta

describe('SEO fields', () => {
  it('are filled from an event’s title, the start of its description and its picture', async () => {
    const created = await api().create('events', {
      title: 'Overtures',
      description: richText(paragraph(long)),
      image: media['seo-theatre'],
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const meta = metaOf(created.body)
    expect(meta.title).toBe('Overtures')
    expect(meta.image).toBe(media['seo-theatre'])
    expect(meta.description!.length).toBeLessThanOrEqual(160)
    expect(meta.description).toMatch(/^An evening of music and words.*\w…$/)
    expect(long.startsWith(meta.description!.slice(0, -1))).toBe(true)
    expect((await api().get('events', String(created.body.id))).body.meta).toEqual(meta)
  })

  it('follow the record while they are the default, and stay as written once someone writes them', async () => {
    const created = await api().create('works', { title: 'The Seagull' })
    const id = String(created.body.id)
    expect(metaOf(created.body).title).toBe('The Seagull')
    expect(metaOf(created.body).description).toBeNull()

    const renamed = await api().update('works', id, {
      title: 'The Seagull (Chekhov)',
      description: richText(paragraph('Four acts by the lake.')),
    })
    expect(metaOf(renamed.body)).toMatchObject({
      title: 'The Seagull (Chekhov)',
      description: 'Four acts by the lake.',
    })

    const written = await api().update('works', id, { meta: { title: 'Chekhov’s Seagull' } })
    expect(written.status).toBe(200)
    expect(metaOf(written.body).title).toBe('Chekhov’s Seagull')
    const again = await api().update('works', id, { title: 'The Seagull, revived' })
    expect(metaOf(again.body).title).toBe('Chekhov’s Seagull')
    expect(metaOf(again.body).description).toBe('Four acts by the lake.')

    // Emptied, the field is the default again.
    const cleared = await api().update('works', id, { meta: { title: '' } })
    expect(metaOf(cleared.body).title).toBe('The Seagull, revived')
  })

  it('take a blog post’s excerpt, and a page’s first passage and first picture from its blocks', async () => {
    const post = await api().create('blogs', {
      title: 'Season announced',
      excerpt: 'Six premieres and a festival.',
      body: richText(paragraph('The long story.')),
    })
    expect(metaOf(post.body).description).toBe('Six premieres and a festival.')

    const page = await api().create('pages', {
      title: 'Visit',
      layout: [
        { blockType: 'media', image: media['seo-theatre'], caption: 'The foyer' },
        { blockType: 'richText', content: richText(paragraph('Doors open an hour early.')) },
      ],
    })
    expect(page.status, JSON.stringify(page.body)).toBe(201)
    expect(metaOf(page.body)).toEqual({
      title: 'Visit',
      description: 'Doors open an hour early.',
      image: media['seo-theatre'],
    })
  })

  it('refuse another tenant’s picture, from a partner and in the admin, and change nothing', async () => {
    const created = await api().create('events', { title: 'Guarded' })
    const id = String(created.body.id)
    const refused = await api().update('events', id, {
      meta: { image: media['seo-festival'] },
    })
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body)).toContain('meta.image')

    const viaRest = await editor.patch(`/api/events/${id}`, {
      meta: { image: media['seo-festival'] },
    })
    expect(viaRest.status).toBe(400)
    const viaGraphql = await editor.graphql(
      `mutation ($id: String!, $image: String) { updateEvent(id: $id, data: { meta: { image: $image } }) { id } }`,
      { id, image: media['seo-festival'] },
    )
    expect(JSON.stringify(viaGraphql.body.errors ?? [])).toMatch(/meta\.image|invalid/i)
    const stored = await payload.findByID({ collection: 'events', id, draft: true, depth: 0 })
    expect(stored.meta?.image ?? null).toBeNull()
  })

  it('answer wrong types and unknown SEO fields with 400s', async () => {
    const created = await api().create('events', { title: 'Typed' })
    const id = String(created.body.id)
    for (const meta of [{ title: 42 }, { keywords: 'x' }, 'a title', { image: 'not-an-id' }]) {
      const answer = await api().update('events', id, { meta })
      expect(answer.status, JSON.stringify(meta)).toBe(400)
      expect(answer.headers.get('content-type')).toContain('application/problem+json')
    }
    expect(metaOf((await api().get('events', id)).body).title).toBe('Typed')
  })

  it('generate in the admin from the form, with the tenant’s website only for its own people', async () => {
    const created = await api().create('events', { title: 'Generated', slug: 'generated' })
    const id = String(created.body.id)
    const form = (tenant: string) => ({
      collectionSlug: 'events',
      id,
      doc: { id, title: 'Generated', url: '/events/generated', tenant },
    })
    const own = await editor.post('/api/plugin-seo/generate-url', form(theatre.id))
    expect(own.status).toBe(200)
    expect(own.body.result).toBe('https://theatre.example.org/events/generated')
    // Another tenant's website is not the editor's to read.
    const other = await editor.post('/api/plugin-seo/generate-url', form(festival.id))
    expect(other.body.result).toBe('/events/generated')
    const title = await editor.post('/api/plugin-seo/generate-title', form(theatre.id))
    expect(title.body.result).toBe('Generated')

    // Nobody signed in generates nothing; another tenant's record is not a target.
    const anonymous = adminClient({ origin: app.origin })
    expect((await anonymous.post('/api/plugin-seo/generate-title', form(theatre.id))).status).toBe(
      401,
    )
    const foreignEvent = await payload.create({
      collection: 'events',
      data: { tenant: festival.id, title: 'Theirs' },
    })
    // Another tenant's record answers exactly as an id that names nothing: the answer is
    // made from the form alone, and tells nothing of whether the record exists.
    const ask = (target: string) =>
      editor.post('/api/plugin-seo/generate-title', {
        collectionSlug: 'events',
        id: target,
        doc: { id: target, title: 'Theirs' },
      })
    const foreign = await ask(foreignEvent.id)
    const unknown = await ask(crypto.randomUUID())
    expect({ status: foreign.status, body: foreign.body }).toEqual({
      status: unknown.status,
      body: unknown.body,
    })
    expect(JSON.stringify(foreign.body)).not.toContain(foreignEvent.id)
    // A body that is no JSON object is a 400 problem, not a 500.
    for (const body of ['not json', '[1]']) {
      const res = await fetch(`${app.origin}/api/plugin-seo/generate-title`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `JWT ${editor.token}` },
        body,
      })
      expect(res.status, body).toBe(400)
      expect(res.headers.get('content-type')).toContain('application/problem+json')
    }
  })
})
