import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Tenant } from '../../src/payload-types'
import { element as node, text } from '../../src/seed/richText'
import { startApp, type RunningApp } from '../helpers/app'
import { contractChecker, type Document31 } from '../helpers/contract'
import { getTestPayload } from '../helpers/payload'
import { createKey, partner, partnerBase } from '../helpers/partner'
import { signIn } from '../helpers/admin'
import { createTenant, createUser } from '../helpers/tenants'

/**
 * A page as a partner's website reads it: each block with its `blockType`, rich text blocks
 * with their HTML, event lists with the events they show now (chosen, or upcoming in a season,
 * series or venue), never another tenant's and never a draft; and as a partner writes it,
 * rich text blocks in Markdown too. Every answer is checked against the served document.
 */
let payload: Payload
let app: RunningApp
let theatre: Tenant
let festival: Tenant
let key = ''
let festivalKey = ''
let checker: ReturnType<typeof contractChecker>

const api = () => partner({ origin: app.origin, tenant: 'pl-theatre', key, drafts: true })
const festivalApi = () =>
  partner({ origin: app.origin, tenant: 'pl-festival', key: festivalKey, drafts: true })

const day = 86_400_000
const inDays = (n: number) => new Date(Date.now() + n * day).toISOString()

/** Ids by name, of the theatre's records. */
const ids: Record<string, string> = {}

const created = async (
  client: ReturnType<typeof api>,
  kind: string,
  body: Record<string, unknown>,
): Promise<string> => {
  const answer = await client.create(kind, body)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return String(answer.body.id)
}

/** An event with performances `days` from now (negative: past), at `venue`. */
const event = async ({
  client = api(),
  title,
  days,
  venue,
  season,
  series,
  status = 'published',
  hidden = false,
}: {
  client?: ReturnType<typeof api>
  title: string
  days: number[]
  venue?: string
  season?: string
  series?: string
  status?: 'published' | 'draft'
  hidden?: boolean
}): Promise<string> => {
  const id = await created(client, 'events', { title, season, series, _status: status })
  for (const n of days)
    await created(client, 'event-instances', { event: id, startDate: inDays(n), venue, hidden })
  return id
}

/** Reads a page and checks the answer against the served document. */
const readPage = async (id: string) => {
  // The latest version: the pages here are written as drafts.
  const url = `${app.origin}${partnerBase}/pl-theatre/pages/${id}?draft=true`
  const res = await fetch(url, { headers: { authorization: `Bearer ${key}` } })
  const text = await res.text()
  expect(
    checker.check({ method: 'GET', url, status: res.status, headers: res.headers, text }),
  ).toEqual([])
  expect(res.status).toBe(200)
  return JSON.parse(text) as { layout: Record<string, unknown>[] }
}

const shown = (page: { layout: Record<string, unknown>[] }) =>
  page.layout.filter((b) => b.blockType === 'eventList').map((b) => b.shownEvents)

beforeAll(async () => {
  payload = await getTestPayload()
  theatre = await createTenant({ payload, slug: 'pl-theatre' })
  festival = await createTenant({ payload, slug: 'pl-festival' })
  key = await createKey({ payload, tenants: [theatre], scope: 'write' })
  festivalKey = await createKey({ payload, tenants: [festival], scope: 'write' })
  app = await startApp()
  const served = await fetch(`${app.origin}${partnerBase}/openapi`)
  checker = contractChecker((await served.json()) as Document31)

  ids.season = await created(api(), 'seasons', { title: 'Season 2027' })
  ids.otherSeason = await created(api(), 'seasons', { title: 'Season 2028' })
  ids.series = await created(api(), 'series', { title: 'Late Night' })
  ids.mainHouse = await created(api(), 'venues', { title: 'Main House' })
  ids.studio = await created(api(), 'venues', { title: 'Studio' })
  ids.work = await created(api(), 'works', {
    title: 'Hamlet',
    slug: 'pl-hamlet',
    slugLock: false,
  })

  ids.soon = await event({ title: 'Soon', days: [2, 3], venue: ids.mainHouse, season: ids.season })
  ids.later = await event({
    title: 'Later',
    days: [-5, 9],
    venue: ids.studio,
    season: ids.season,
    series: ids.series,
  })
  ids.latest = await event({ title: 'Latest', days: [20], venue: ids.studio, season: ids.season })
  ids.past = await event({
    title: 'Past',
    days: [-3, -2],
    venue: ids.mainHouse,
    season: ids.season,
  })
  ids.draft = await event({
    title: 'Draft',
    days: [1],
    venue: ids.mainHouse,
    season: ids.season,
    status: 'draft',
  })
  ids.hidden = await event({
    title: 'Hidden',
    days: [1],
    venue: ids.mainHouse,
    season: ids.season,
    hidden: true,
  })
  ids.elsewhere = await event({ title: 'Next season', days: [4], season: ids.otherSeason })

  // The festival's own upcoming events, in its own season: never in the theatre's lists.
  const festivalSeason = await created(festivalApi(), 'seasons', { title: 'Festival 2027' })
  ids.festivalEvent = await event({
    client: festivalApi(),
    title: 'Festival opening',
    days: [1],
    season: festivalSeason,
  })
  ids.festivalSeason = festivalSeason
})

afterAll(async () => {
  await app?.stop()
})

describe('moves', () => {
  it('refuse to move a record that a page’s blocks or rich text still point at', async () => {
    await createUser({ payload, email: 'pl-root@example.com', superAdmin: true })
    const root = await signIn({
      origin: app.origin,
      email: 'pl-root@example.com',
      password: 'test-password-123',
    })
    const listed = await event({ title: 'Listed', days: [], status: 'draft' })
    const linked = await created(api(), 'works', { title: 'Linked work' })
    const paragraph = node('paragraph', [
      node('link', [text('the work')], {
        fields: { linkType: 'internal', doc: { relationTo: 'works', value: linked } },
      }),
    ])
    await created(api(), 'pages', {
      title: 'Pointing',
      layout: [
        { blockType: 'eventList', source: 'chosen', events: [listed] },
        { blockType: 'richText', content: { root: node('root', [paragraph]) } },
      ],
    })
    for (const [collection, id] of [
      ['events', listed],
      ['works', linked],
    ] as const) {
      const move = await root.patch(`/api/${collection}/${id}`, { tenant: festival.id })
      expect(move.status, collection).toBe(400)
      expect(JSON.stringify(move.body), collection).toContain('1 pages')
      expect((await api().get(collection, id)).status).toBe(200)
    }
  })
})

describe('page layouts', () => {
  it('answer a rich text block with its HTML, internal links to the record’s current url', async () => {
    const content = {
      root: node('root', [
        node('heading', [text('Plan your visit')], { tag: 'h2' }),
        node('paragraph', [
          text('See '),
          node('link', [text('the play')], {
            fields: { linkType: 'internal', doc: { relationTo: 'works', value: ids.work } },
          }),
        ]),
      ]),
    }
    const id = await created(api(), 'pages', {
      title: 'Visit',
      _status: 'published',
      layout: [
        { blockType: 'richText', content },
        { blockType: 'callToAction', label: 'Book', link: 'https://tickets.example/' },
      ],
    })
    const page = await readPage(id)
    expect(page.layout.map((b) => b.blockType)).toEqual(['richText', 'callToAction'])
    const html = String(page.layout[0]!.contentHtml)
    expect(html).toContain('<h2>Plan your visit</h2>')
    expect(html).toContain('href="/works/pl-hamlet"')
    expect(page.layout[1]).not.toHaveProperty('linkHtml')
    // The page as read, sent back: what only answers carry is ignored, not refused.
    const sentBack = await api().update('pages', id, { ...page, title: 'Visit us' })
    expect(sentBack.status, JSON.stringify(sentBack.body)).toBe(200)
    expect((sentBack.body.layout as unknown[]).length).toBe(2)

    // The work's slug changes: the page's HTML follows it.
    expect((await api().update('works', ids.work!, { slug: 'pl-hamlet-2' })).status).toBe(200)
    expect(String((await readPage(id)).layout[0]!.contentHtml)).toContain(
      'href="/works/pl-hamlet-2"',
    )
  })

  it('take a rich text block written in Markdown, and refuse one sent both ways', async () => {
    const id = await created(api(), 'pages', {
      title: 'Markdown page',
      layout: [{ blockType: 'richText', contentMarkdown: '## Getting here\n\nBy **tram**.' }],
    })
    const page = await readPage(id)
    expect(page.layout[0]).not.toHaveProperty('contentMarkdown')
    expect(String(page.layout[0]!.contentHtml)).toContain('<h2>Getting here</h2>')
    expect(String(page.layout[0]!.contentHtml)).toContain('<strong>tram</strong>')

    const both = await api().create('pages', {
      title: 'Both',
      layout: [
        {
          blockType: 'richText',
          content: { root: node('root', [node('paragraph', [text('x')])]) },
          contentMarkdown: 'x',
        },
      ],
    })
    expect(both.status).toBe(400)
    expect(JSON.stringify(both.body.errors)).toContain('layout.0.contentMarkdown')
    // Markdown past its length, even spread over several blocks, is refused before any work.
    const long = 'word '.repeat(12_000)
    const tooMuch = await api().create('pages', {
      title: 'Too much',
      layout: [
        { blockType: 'richText', contentMarkdown: long },
        { blockType: 'richText', contentMarkdown: long },
      ],
    })
    expect(tooMuch.status).toBe(400)
    // So are more Markdown fields than a page has blocks: each is a trip to the converter.
    const many = await api().create('pages', {
      title: 'Too many',
      layout: Array.from({ length: 61 }, () => ({ blockType: 'richText', contentMarkdown: 'x' })),
    })
    expect(many.status).toBe(400)
    expect(JSON.stringify(many.body.errors)).toContain('at most 60')
    const pages = await payload.count({
      collection: 'pages',
      where: {
        and: [
          { tenant: { equals: theatre.id } },
          { title: { in: ['Both', 'Too much', 'Too many'] } },
        ],
      },
    })
    expect(pages.totalDocs).toBe(0)
  })

  it('show the chosen events that are published, in the editor’s order', async () => {
    const id = await created(api(), 'pages', {
      title: 'Chosen',
      _status: 'published',
      layout: [
        {
          blockType: 'eventList',
          source: 'chosen',
          events: [ids.latest, ids.draft, ids.past, ids.soon],
        },
      ],
    })
    const page = await readPage(id)
    expect(page.layout[0]!.events).toEqual([ids.latest, ids.draft, ids.past, ids.soon])
    expect(shown(page)).toEqual([[ids.latest, ids.past, ids.soon]])
    expect((await api().update('pages', id, page)).status).toBe(200)
  })

  it('show the upcoming events of a season, a series, a venue or all, soonest first', async () => {
    const list = (fields: Record<string, unknown>) => ({
      blockType: 'eventList',
      source: 'upcoming',
      ...fields,
    })
    const id = await created(api(), 'pages', {
      title: 'What’s on',
      _status: 'published',
      layout: [
        list({ season: ids.season }),
        list({ series: ids.series }),
        list({ venue: ids.studio }),
        list({ venue: ids.mainHouse, season: ids.season }),
        list({ season: ids.season, limit: 2 }),
        list({}),
        list({ season: ids.otherSeason, venue: ids.studio }),
        // The same question twice is answered once, for both.
        list({ season: ids.season }),
      ],
    })
    const page = await readPage(id)
    expect(shown(page)).toEqual([
      // Past, draft and hidden-only events are left out; "Later" counts from its next night.
      [ids.soon, ids.later, ids.latest],
      [ids.later],
      [ids.later, ids.latest],
      [ids.soon],
      [ids.soon, ids.later],
      [ids.soon, ids.elsewhere, ids.later, ids.latest],
      [],
      [ids.soon, ids.later, ids.latest],
    ])
  })

  it('follow the events as they change: a publish, a new night, a move to another season', async () => {
    const id = await created(api(), 'pages', {
      title: 'Season list',
      _status: 'published',
      layout: [{ blockType: 'eventList', source: 'upcoming', season: ids.season }],
    })
    const before = shown(await readPage(id))[0] as string[]
    expect(before).not.toContain(ids.draft)
    expect((await api().update('events', ids.draft!, { _status: 'published' })).status).toBe(200)
    expect(shown(await readPage(id))[0]).toEqual([ids.draft, ...before])
    expect((await api().update('events', ids.draft!, { season: ids.otherSeason })).status).toBe(200)
    expect(shown(await readPage(id))[0]).toEqual(before)
  })

  it('never name another tenant’s season, series, venue or event, nor show its events', async () => {
    const refused = [
      { blockType: 'eventList', source: 'upcoming', season: ids.festivalSeason },
      { blockType: 'eventList', source: 'chosen', events: [ids.festivalEvent] },
    ]
    for (const block of refused) {
      const answer = await api().create('pages', { title: 'Foreign', layout: [block] })
      expect(answer.status, JSON.stringify(block)).toBe(400)
    }
    // The same tenant rule holds for the new references of events and performances.
    const foreignSeason = await api().create('events', {
      title: 'Foreign season',
      season: ids.festivalSeason,
    })
    expect(foreignSeason.status).toBe(400)
    const foreignVenue = await festivalApi().create('event-instances', {
      event: ids.festivalEvent,
      startDate: inDays(3),
      venue: ids.studio,
    })
    expect(foreignVenue.status).toBe(400)
    const stored = await payload.count({
      collection: 'pages',
      where: { title: { equals: 'Foreign' } },
    })
    expect(stored.totalDocs).toBe(0)

    // The festival's list of all upcoming events shows only the festival's.
    const festivalPage = await created(festivalApi(), 'pages', {
      title: 'All upcoming',
      _status: 'published',
      layout: [{ blockType: 'eventList', source: 'upcoming' }],
    })
    const read = await festivalApi().get('pages', festivalPage)
    expect((read.body.layout as Record<string, unknown>[])[0]!.shownEvents).toEqual([
      ids.festivalEvent,
    ])
  })
})
