import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  eventListsPerPage,
  upcomingQuestionsPerAnswer,
  upcomingStatement,
} from '../../src/blocks/eventList/shownEvents'
import { postgresOf } from '../../src/db/postgres'
import { startApp, type RunningApp } from '../helpers/app'
import { getTestPayload } from '../helpers/payload'
import { createKey, partner, type Answer } from '../helpers/partner'
import { createTenant } from '../helpers/tenants'

/**
 * Every shared queue gives each tenant its share (lib/fairShare.ts): a tenant that floods gets
 * its own 429s (problem+json, Retry-After) and its own backlog, and another tenant's work is
 * answered as it would be without the flood, not with a 503.
 */
let payload: Payload
let app: RunningApp
let noisyKey = ''
let loudKey = ''
let quietKey = ''
let noisyTenant = ''
let loudTenant = ''

const noisy = () => partner({ origin: app.origin, tenant: 'fs-noisy', key: noisyKey })
const loud = () => partner({ origin: app.origin, tenant: 'fs-loud', key: loudKey })
const quiet = () => partner({ origin: app.origin, tenant: 'fs-quiet', key: quietKey })

/** Enough matching text that a broad search of the noisy tenant takes a while to rank. */
const matchingWorks = 500

beforeAll(async () => {
  payload = await getTestPayload()
  const noisyOne = await createTenant({ payload, slug: 'fs-noisy' })
  const loudOne = await createTenant({ payload, slug: 'fs-loud' })
  const quietOne = await createTenant({ payload, slug: 'fs-quiet' })
  noisyTenant = String(noisyOne.id)
  loudTenant = String(loudOne.id)
  noisyKey = await createKey({ payload, tenants: [noisyOne], scope: 'write' })
  loudKey = await createKey({ payload, tenants: [loudOne], scope: 'write' })
  quietKey = await createKey({ payload, tenants: [quietOne], scope: 'write' })
  // Written straight to the table: thousands of records through the API would take minutes.
  for (const tenant of [noisyTenant, loudTenant])
    await postgresOf(payload).drizzle.execute(sql`
      insert into works (tenant_id, title, slug, search_text)
      select ${tenant}::uuid, 'Storm ' || g, 'fs-storm-' || g,
        'Storm ' || g || ' ' || repeat('storm rain wind sea shipwreck ', 70)
      from generate_series(1, ${matchingWorks}) g`)
  app = await startApp()
  const created = await quiet().create('works', { title: 'Storm at the quay' })
  expect(created.status).toBe(201)
})

afterAll(async () => {
  await app?.stop()
  const db = postgresOf(payload).drizzle
  await db.execute(
    sql`delete from works where tenant_id in (${noisyTenant}::uuid, ${loudTenant}::uuid)`,
  )
  await db.execute(sql`delete from event_instances where tenant_id = ${noisyTenant}::uuid`)
  await db.execute(sql`delete from events where tenant_id = ${noisyTenant}::uuid`)
})

/** A 429 of the tenant's own: problem+json that says when to come back. */
const ownRefusal = (answer: Answer) => {
  expect(answer.headers.get('content-type')).toContain('application/problem+json')
  expect(answer.headers.get('retry-after')).toMatch(/^\d+$/)
  expect(answer.body).toMatchObject({ status: 429 })
}

describe('fair shares', () => {
  it('two tenants flooding broad searches get their own 429s; a third tenant’s search is answered', async () => {
    // Together they could hold every place of the process; each is held to its share.
    // Each asks its own page size: no answer comes from the read cache, every one is searched.
    const flood = Array.from({ length: 30 }, (_, n) =>
      (n % 2 ? loud() : noisy()).list('works', `?search=storm&limit=${n + 1}`),
    )
    await new Promise((resolve) => setTimeout(resolve, 100))
    // First come, it would wait behind the 16 searches queued before it, and be refused (503)
    // at 2 s; its turn comes when one of the four under way ends.
    const theirs = await quiet().list('works', '?search=storm')
    const answers = await Promise.all(flood)
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200)
    expect(theirs.body.docs?.map((doc) => doc.title)).toEqual(['Storm at the quay'])
    const statuses = answers.map((answer) => answer.status)
    // Never the server's 503: each flooding tenant is answered, or told it is over its own share.
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([])
    // Their excess waits in their own share of partner operations (6 at once each), so it is
    // a backlog of their own more often than a refusal; whatever is refused is refused as theirs.
    expect(statuses).toContain(200)
    for (const answer of answers.filter((a) => a.status === 429)) ownRefusal(answer)
  })

  it('answers a tenant from the read cache at once while its own share is full', async () => {
    // Kept in the read cache: a hit takes no place in the share and waits behind nothing.
    const kept = '?limit=3&sort=title'
    expect((await noisy().list('works', kept)).status).toBe(200)
    const flood = Array.from({ length: 24 }, (_, n) =>
      noisy().list('works', `?search=storm&limit=${n + 40}`),
    )
    let pending = flood.length
    for (const answer of flood) void answer.then(() => pending--)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const hits = await Promise.all(Array.from({ length: 5 }, () => noisy().list('works', kept)))
    const stillSearching = pending
    await Promise.all(flood)
    expect(hits.map((hit) => hit.status)).toEqual([200, 200, 200, 200, 200])
    // Behind the backlog they would come after all but the last few searches.
    expect(stillSearching).toBeGreaterThanOrEqual(flood.length / 2)
  })

  it('a tenant flooding the Markdown converter gets its own 429s; another tenant’s create is converted', async () => {
    // Each of these takes the converter's whole time budget, then is refused as too slow.
    const hostile = '*a'.repeat(49_000)
    const flood = Array.from({ length: 5 }, (_, n) =>
      noisy().create('events', { title: `Flood ${n}`, descriptionMarkdown: hostile }),
    )
    await new Promise((resolve) => setTimeout(resolve, 200))
    const started = Date.now()
    const theirs = await quiet().create('events', {
      title: 'Fair share',
      descriptionMarkdown: '## Fair',
    })
    // Its turn came when the conversion under way ended, not after the flood's waiting one
    // (first come would have made it wait for both: two budgets, 4 s).
    expect(Date.now() - started).toBeLessThan(3_000)
    const answers = await Promise.all(flood)
    expect(theirs.status, JSON.stringify(theirs.body).slice(0, 300)).toBe(201)
    expect(theirs.body.descriptionHtml).toBe('<h2>Fair</h2>')
    const statuses = answers.map((answer) => answer.status)
    // One converting and one waiting, each refused as too slow (400); the rest its own 429.
    expect(statuses.sort()).toEqual([400, 400, 429, 429, 429])
    for (const answer of answers.filter((a) => a.status === 429)) ownRefusal(answer)
  })

  it('a tenant flooding image uploads gets its own 429s; another tenant’s upload is stored', async () => {
    const picture = await sharp({
      create: { width: 3_000, height: 3_000, channels: 3, background: '#6a8' },
    })
      .jpeg()
      .toBuffer()
    const upload = (name: string) => {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), name)
      form.append('alt', name)
      return form
    }
    const flood = Array.from({ length: 8 }, (_, n) =>
      noisy().create('media', upload(`flood-${n}.jpg`)),
    )
    await new Promise((resolve) => setTimeout(resolve, 100))
    const theirs = await quiet().create('media', upload('quiet.jpg'))
    const answers = await Promise.all(flood)
    expect(theirs.status, JSON.stringify(theirs.body).slice(0, 300)).toBe(201)
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status !== 201 && status !== 429)).toEqual([])
    expect(statuses).toContain(429)
    for (const answer of answers.filter((a) => a.status === 429)) ownRefusal(answer)
  })

  it(`event lists: a page holds at most ${eventListsPerPage}, each answered with plain-equality statements`, async () => {
    const season = await quiet().create('seasons', { title: 'Fair season' })
    const venue = await quiet().create('venues', { title: 'Fair hall' })
    const event = await quiet().create('events', {
      title: 'Fair night',
      season: season.body.id,
      _status: 'published',
    })
    expect(event.status, JSON.stringify(event.body).slice(0, 300)).toBe(201)
    const night = await quiet().create('event-instances', {
      event: event.body.id,
      venue: venue.body.id,
      startDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    })
    expect(night.status, JSON.stringify(night.body).slice(0, 300)).toBe(201)
    // Lists of every shape, each a different question (its limit), up to the page's bound.
    const shapes = [
      {},
      { season: season.body.id },
      { venue: venue.body.id },
      { season: season.body.id, venue: venue.body.id },
    ]
    const lists = Array.from({ length: eventListsPerPage }, (_, n) => ({
      blockType: 'eventList',
      source: 'upcoming',
      limit: n + 1,
      ...shapes[n % shapes.length],
    }))
    const over = await quiet().create('pages', {
      title: 'Too many lists',
      layout: [...lists, lists[0]],
    })
    expect(over.status).toBe(400)
    expect(JSON.stringify(over.body)).toContain(`at most ${eventListsPerPage} event lists`)
    const page = await quiet().create('pages', {
      title: 'Many lists',
      _status: 'published',
      layout: lists,
    })
    expect(page.status, JSON.stringify(page.body).slice(0, 300)).toBe(201)
    const read = await quiet().get('pages', String(page.body.id))
    const shown = (read.body.layout as { shownEvents?: unknown }[]).map((b) => b.shownEvents)
    expect(shown).toEqual(lists.map(() => [event.body.id]))
    // A list of pages answers its first distinct questions, up to its bound; the rest are empty.
    const pages = 6
    for (let p = 0; p < pages; p++) {
      const layout = Array.from({ length: eventListsPerPage }, (_, m) => {
        const n = p * eventListsPerPage + m
        return {
          blockType: 'eventList',
          source: 'upcoming',
          limit: Math.floor(n / shapes.length) + 1,
          ...shapes[n % shapes.length],
        }
      })
      const made = await quiet().create('pages', {
        title: `Capped ${p}`,
        _status: 'published',
        layout,
      })
      expect(made.status, JSON.stringify(made.body).slice(0, 300)).toBe(201)
    }
    const listed = await quiet().list('pages', `?where[title][like]=Capped&limit=${pages}`)
    expect(listed.status).toBe(200)
    const answered = (listed.body.docs ?? []).flatMap((doc) =>
      (doc.layout as { shownEvents: unknown[] }[]).map((block) => block.shownEvents.length),
    )
    expect(answered).toHaveLength(pages * eventListsPerPage)
    expect(answered.filter((count) => count > 0)).toHaveLength(upcomingQuestionsPerAnswer)
  })

  it('asks upcoming lists with conditions their indexes answer', async () => {
    const db = postgresOf(payload).drizzle
    const made = async (statement: ReturnType<typeof sql>) =>
      String((await db.execute<{ id: string }>(statement)).rows[0]!.id)
    const big = await made(
      sql`insert into seasons (tenant_id, title) values (${noisyTenant}::uuid, 'Big') returning id`,
    )
    const small = await made(
      sql`insert into seasons (tenant_id, title) values (${noisyTenant}::uuid, 'Small') returning id`,
    )
    const hall = await made(
      sql`insert into venues (tenant_id, title) values (${noisyTenant}::uuid, 'Hall') returning id`,
    )
    // Thousands of events in one season, one in another, at a venue of its own.
    await db.execute(sql`with made as (
        insert into events (tenant_id, title, season_id, _status)
        select ${noisyTenant}::uuid, 'Night ' || g, ${big}::uuid, 'published'
        from generate_series(1, 3000) g returning id)
      insert into event_instances (tenant_id, event_id, start_date)
      select ${noisyTenant}::uuid, id, now() + interval '3 days' from made`)
    const lone = await made(sql`insert into events (tenant_id, title, season_id, _status)
      values (${noisyTenant}::uuid, 'Lone night', ${small}::uuid, 'published') returning id`)
    await db.execute(sql`insert into event_instances (tenant_id, event_id, start_date, venue_id)
      values (${noisyTenant}::uuid, ${lone}::uuid, now() + interval '3 days', ${hall}::uuid)`)
    await db.execute(sql`analyze events`)
    await db.execute(sql`analyze event_instances`)
    const plan = async (question: { season?: string; venue?: string }) => {
      const statement = await upcomingStatement({
        payload,
        tenantId: noisyTenant,
        shape: question.season ? ['season'] : ['venue'],
        questions: [{ season: null, series: null, venue: null, limit: 6, ...question }],
        now: new Date().toISOString(),
      })
      const rows = await db.execute<{ 'QUERY PLAN': string }>(sql`explain ${statement}`)
      return rows.rows.map((row) => row['QUERY PLAN']).join('\n')
    }
    expect(await plan({ season: small })).toContain('events_season_idx')
    expect(await plan({ venue: hall })).toContain('event_instances_venue_idx')
  })
})
