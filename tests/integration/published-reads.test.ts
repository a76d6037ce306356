import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Tenant } from '../../src/payload-types'
import { element, text } from '../../src/seed/richText'
import { startApp, type RunningApp } from '../helpers/app'
import { getTestPayload } from '../helpers/payload'
import { createKey, partner } from '../helpers/partner'

/**
 * What a website reads is what was published: a theatre's site reads with a read key while an
 * editor drafts, publishes and unpublishes through the partner API and the Local API.
 */
let app: RunningApp
let payload: Payload
let tenant: Tenant
let readKey: string
let writeKey: string

type Change = { event: string; draft: boolean; id: string }

const site = () => partner({ origin: app.origin, tenant: 'pr-harbour', key: readKey })
const editor = () => partner({ origin: app.origin, tenant: 'pr-harbour', key: writeKey })

const ids = (docs: unknown): string[] => (docs as { id: string }[]).map((d) => d.id)

const changesOf = async ({ id, drafts }: { id: string; drafts: boolean }): Promise<Change[]> => {
  const res = await editor().call('GET', `/changes?limit=200${drafts ? '&drafts=true' : ''}`)
  expect(res.status).toBe(200)
  return (res.body.changes as Change[]).filter((c) => c.id === id)
}

const db = (): PostgresAdapter => payload.db as unknown as PostgresAdapter

beforeAll(async () => {
  payload = await getTestPayload()
  tenant = await payload.create({
    collection: 'tenants',
    data: { name: 'Published Reads', slug: 'pr-harbour' },
  })
  readKey = await createKey({ payload, tenants: [tenant], scope: 'read' })
  writeKey = await createKey({ payload, tenants: [tenant], scope: 'write' })
  // Subscriptions point at a closed loopback port: only what is queued is looked at.
  app = await startApp({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:9' } })
})

afterAll(async () => {
  await app?.stop()
})

describe('a live show with a newer draft', () => {
  let id: string

  beforeAll(async () => {
    const created = await editor().create('events', {
      title: 'Hamlet live',
      _status: 'published',
    })
    expect(created.status).toBe(201)
    id = String(created.body.id)
    // Read once, so the cache holds the published answer when the draft is saved.
    expect((await site().get('events', id)).body.title).toBe('Hamlet live')
    const drafted = await editor().update('events', id, {
      title: 'Hamlet with unapproved prices',
      _status: 'draft',
    })
    expect(drafted.status).toBe(200)
    expect(drafted.body).toMatchObject({ title: 'Hamlet with unapproved prices', _status: 'draft' })
  })

  it('answers the published version to a read key, everywhere', async () => {
    const one = await site().get('events', id)
    expect(one.status).toBe(200)
    expect(one.body).toMatchObject({ title: 'Hamlet live', _status: 'published' })
    const listed = await site().list('events', '?limit=100')
    const row = (listed.body.docs ?? []).find((d) => d.id === id)
    expect(row).toMatchObject({ title: 'Hamlet live', _status: 'published' })
    const found = await site().list('events', '?search=hamlet')
    expect(ids(found.body.docs)).toContain(id)
    // The draft's words find nothing a website reads.
    const draftWords = await site().list('events', '?search=unapproved')
    expect(ids(draftWords.body.docs)).not.toContain(id)
    const filtered = await site().list(
      'events',
      `?where[title][equals]=${encodeURIComponent('Hamlet with unapproved prices')}`,
    )
    expect(filtered.body.totalDocs).toBe(0)
  })

  it('answers the draft to a write key that asks, and a 403 to a read key that asks', async () => {
    const latest = await editor().call('GET', `/events/${id}?draft=true`)
    expect(latest.status).toBe(200)
    expect(latest.body).toMatchObject({ title: 'Hamlet with unapproved prices', _status: 'draft' })
    const listed = await editor().list('events', '?draft=true&limit=100')
    expect((listed.body.docs ?? []).find((d) => d.id === id)?.title).toBe(
      'Hamlet with unapproved prices',
    )
    const found = await editor().list('events', '?draft=true&search=unapproved')
    expect(ids(found.body.docs)).toContain(id)
    for (const path of [`/events/${id}?draft=true`, '/events?draft=true', '/changes?drafts=true']) {
      const refused = await site().call('GET', path)
      expect(refused.status, path).toBe(403)
      expect(refused.headers.get('content-type')).toContain('application/problem+json')
    }
    const bad = await editor().call('GET', `/events/${id}?draft=yes`)
    expect(bad.status).toBe(400)
    const unknown = await editor().call('GET', `/events/${id}?drafts=true`)
    expect(unknown.status).toBe(400)
  })

  it('keeps published and draft answers apart in the read cache and their tags', async () => {
    const published = await editor().get('events', id)
    const latest = await editor().call('GET', `/events/${id}?draft=true`)
    expect(published.body.title).toBe('Hamlet live')
    expect(latest.body.title).toBe('Hamlet with unapproved prices')
    expect(published.headers.get('etag')).not.toBe(latest.headers.get('etag'))
    const again = await site().get('events', id)
    expect(again.body.title).toBe('Hamlet live')
    expect(again.headers.get('etag')).toBe(published.headers.get('etag'))
  })

  it('records the draft save as `drafted`, only for those who ask for drafts', async () => {
    const live = await changesOf({ id, drafts: false })
    expect(live.map((c) => c.event)).toEqual(['created'])
    const all = await changesOf({ id, drafts: true })
    expect(all.map((c) => [c.event, c.draft])).toEqual([
      ['created', false],
      ['drafted', true],
    ])
    expect(all.map((c) => c.event)).not.toContain('unpublished')
  })

  it('publishes the draft, then withdraws it, recorded as such', async () => {
    const published = await editor().update('events', id, { _status: 'published' })
    expect(published.status).toBe(200)
    expect((await site().get('events', id)).body.title).toBe('Hamlet with unapproved prices')
    const withdrawn = await editor().call('PATCH', `/events/${id}?unpublish=true`, {})
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200)
    expect((await site().get('events', id)).status).toBe(404)
    expect(ids((await site().list('events', '?limit=100')).body.docs)).not.toContain(id)
    const events = (await changesOf({ id, drafts: false })).map((c) => c.event)
    expect(events).toEqual(['created', 'published', 'unpublished'])
    // Contradictions are refused and change nothing.
    const both = await editor().call('PATCH', `/events/${id}?unpublish=true`, {
      _status: 'published',
    })
    expect(both.status).toBe(400)
    const draftPublish = await editor().call('PATCH', `/events/${id}?draft=true`, {
      _status: 'published',
    })
    expect(draftPublish.status).toBe(400)
    expect((await site().get('events', id)).status).toBe(404)
  })
})

describe('a record never published', () => {
  let id: string

  beforeAll(async () => {
    const created = await editor().create('events', { title: 'Open Stage Night secret' })
    expect(created.status).toBe(201)
    expect(created.body._status).toBe('draft')
    id = String(created.body.id)
  })

  it('does not exist for a read key: retrieve, list, count, search, cursor', async () => {
    expect((await site().get('events', id)).status).toBe(404)
    const all = await site().list('events', '?limit=100')
    expect(ids(all.body.docs)).not.toContain(id)
    const counted = await site().list('events', `?where[id][equals]=${id}`)
    expect(counted.body.totalDocs).toBe(0)
    expect(ids((await site().list('events', '?search=secret')).body.docs)).not.toContain(id)
    let query = '?limit=1&sort=title'
    const seen: string[] = []
    for (let step = 0; step < 50; step++) {
      const page = await site().list('events', query)
      seen.push(...ids(page.body.docs))
      if (typeof page.body.nextCursor !== 'string') break
      query = `?limit=1&sort=title&cursor=${encodeURIComponent(page.body.nextCursor)}`
    }
    expect(seen).not.toContain(id)
    expect(seen.length).toBe(all.body.totalDocs)
    // The write key sees it when it asks for drafts.
    expect((await editor().call('GET', `/events/${id}?draft=true`)).status).toBe(200)
  })

  it('is left out of the feed, and of webhooks that do not ask for drafts', async () => {
    expect(await changesOf({ id, drafts: false })).toEqual([])
    expect((await changesOf({ id, drafts: true })).map((c) => c.event)).toEqual(['created'])
  })

  it('is never a link in the HTML a website reads', async () => {
    const shown = await editor().create('events', { title: 'Twelfth Night', _status: 'published' })
    const linkTo = (value: string, words: string) =>
      element('link', [text(words)], {
        fields: { linkType: 'internal', doc: { relationTo: 'events', value } },
      })
    const holder = await editor().create('events', {
      title: 'Links event',
      _status: 'published',
      description: {
        root: element('root', [
          element('paragraph', [
            linkTo(id, 'secret show'),
            text(' and '),
            linkTo(String(shown.body.id), 'a live one'),
          ]),
        ]),
      },
    })
    expect(holder.status, JSON.stringify(holder.body)).toBe(201)
    const read = await site().get('events', String(holder.body.id))
    const html = String(read.body.descriptionHtml)
    expect(html).toContain('secret show')
    expect(html).toContain('href="/events/twelfth-night"')
    expect(html).not.toContain('open-stage-night-secret')
  })
})

describe('webhook subscriptions and drafts', () => {
  it('queue a draft-only change only for subscriptions that ask for drafts', async () => {
    const quiet = await editor().call('POST', '/webhooks', {
      url: 'http://127.0.0.1:9/live',
      kinds: ['events'],
    })
    expect(quiet.status, JSON.stringify(quiet.body)).toBe(201)
    expect(quiet.body.drafts).toBe(false)
    const eager = await editor().call('POST', '/webhooks', {
      url: 'http://127.0.0.1:9/drafts',
      kinds: ['events'],
      drafts: true,
    })
    expect(eager.status).toBe(201)
    expect(eager.body.drafts).toBe(true)
    const created = await editor().create('events', { title: 'Macbeth', _status: 'published' })
    const id = String(created.body.id)
    await editor().update('events', id, { title: 'Macbeth (draft)', _status: 'draft' })
    const rows = (await db().drizzle.execute(sql`
      select webhook_id, event from webhook_deliveries where record_id = ${id}
      order by change`)) as unknown as { rows: { webhook_id: string; event: string }[] }
    const of = (hook: unknown) =>
      rows.rows.filter((r) => r.webhook_id === String(hook)).map((r) => r.event)
    expect(of(quiet.body.id)).toEqual(['created'])
    expect(of(eager.body.id)).toEqual(['created', 'drafted'])
  })
})
