import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Tenant } from '../../src/payload-types'
import { postgresOf } from '../../src/db/postgres'
import { startApp, waitUntil, type RunningApp } from '../helpers/app'
import { getTestPayload } from '../helpers/payload'
import { createKey, partner, partnerBase, type Answer } from '../helpers/partner'
import { createTenant } from '../helpers/tenants'

/**
 * `expand` and `select` on list and retrieve, as a website building a "what's on" page uses
 * them: references answered as records of the key's own tenant and version, each distinct
 * record read once for a page, joined performances bounded, and every shape its own cache
 * entry and tag, ended by a change to any record it shows.
 */
let app: RunningApp
let payload: Payload
let tenantA: Tenant
let tenantB: Tenant
const keys = { readA: '', writeA: '', writeB: '' }

type Doc = Record<string, unknown>
type Ref = Doc & { id: string; tenant: string }

const site = () => partner({ origin: app.origin, tenant: 'ex-a', key: keys.readA })
const editor = () => partner({ origin: app.origin, tenant: 'ex-a', key: keys.writeA })
const other = () => partner({ origin: app.origin, tenant: 'ex-b', key: keys.writeB })

const made = (answer: Answer): string => {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(201)
  return String(answer.body.id)
}

const upload = async (client: ReturnType<typeof partner>, name: string): Promise<string> => {
  const picture = await sharp({
    create: { width: 8, height: 8, channels: 3, background: '#c33' },
  })
    .png()
    .toBuffer()
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), name)
  form.append('alt', name)
  return made(await client.create('media', form))
}

const day = 86_400_000
const inDays = (n: number): string => new Date(Date.now() + n * day).toISOString()

/** The statements the app's access line counted for the request that got `answer`. */
const statementsOf = async (answer: Answer): Promise<number> => {
  const id = answer.headers.get('x-request-id')
  expect(id).toBeTruthy()
  let line: { statements?: number } | undefined
  await waitUntil({
    what: `the access line of ${id}`,
    timeoutMs: 10_000,
    check: async () => {
      const found = app
        .output()
        .split('\n')
        .find((l) => l.includes(`"requestId":"${id}"`) && l.includes('"msg":"request"'))
      line = found ? (JSON.parse(found) as { statements?: number }) : undefined
      return Boolean(line)
    },
  })
  return line?.statements ?? 0
}

const ids: {
  image: string
  imageB: string
  work: string
  workB: string
  season: string
  series: string
  venues: string[]
  events: string[]
  crowded: string
  draftEvent: string
  draftInstance: string
  byKind: Record<string, string>
} = {
  image: '',
  imageB: '',
  work: '',
  workB: '',
  season: '',
  series: '',
  venues: [],
  events: [],
  crowded: '',
  draftEvent: '',
  draftInstance: '',
  byKind: {},
}

/** Performances of the crowded event: more upcoming ones than a record answers inline. */
const crowdedCount = 25

beforeAll(async () => {
  payload = await getTestPayload()
  tenantA = await createTenant({ payload, slug: 'ex-a' })
  tenantB = await createTenant({ payload, slug: 'ex-b' })
  keys.readA = await createKey({ payload, tenants: [tenantA], scope: 'read' })
  keys.writeA = await createKey({ payload, tenants: [tenantA], scope: 'write' })
  keys.writeB = await createKey({ payload, tenants: [tenantB], scope: 'write' })
  app = await startApp()

  ids.image = await upload(editor(), 'a.png')
  ids.imageB = await upload(other(), 'b.png')
  ids.workB = made(await other().create('works', { title: 'Their work', image: ids.imageB }))
  for (const kind of ['works', 'seasons', 'series', 'people', 'organizations', 'blogs']) {
    ids.byKind[kind] = made(await editor().create(kind, { title: `Our ${kind}`, image: ids.image }))
  }
  ids.work = ids.byKind.works!
  ids.season = ids.byKind.seasons!
  ids.series = ids.byKind.series!
  ids.byKind.pages = made(
    await editor().create('pages', { title: 'Our page', image: ids.image, _status: 'published' }),
  )
  for (const n of [1, 2])
    ids.venues.push(made(await editor().create('venues', { title: `Hall ${n}`, image: ids.image })))
  for (let n = 0; n < 20; n++) {
    const event = made(
      await editor().create('events', {
        title: `Show ${n}`,
        _status: 'published',
        work: ids.work,
        season: ids.season,
        series: ids.series,
        image: ids.image,
      }),
    )
    ids.events.push(event)
    const count = n === 0 ? crowdedCount : 2
    for (let p = 0; p < count; p++)
      made(
        await editor().create('event-instances', {
          event,
          venue: ids.venues[p % 2],
          startDate: inDays(2 + p + n / 100),
        }),
      )
  }
  ids.crowded = ids.events[0]!
  // Beside the crowded event's upcoming performances: a hidden one, and one already past.
  made(
    await editor().create('event-instances', {
      event: ids.crowded,
      venue: ids.venues[0],
      startDate: inDays(1),
      hidden: true,
    }),
  )
  made(
    await editor().create('event-instances', {
      event: ids.crowded,
      venue: ids.venues[0],
      startDate: inDays(-3),
    }),
  )
  ids.draftEvent = made(await editor().create('events', { title: 'Not yet announced' }))
  ids.draftInstance = made(
    await editor().create('event-instances', {
      event: ids.draftEvent,
      venue: ids.venues[0],
      startDate: inDays(40),
    }),
  )
}, 600_000)

afterAll(async () => {
  await app?.stop()
})

const isRecordOf = (value: unknown, tenant: Tenant): value is Ref =>
  Boolean(value) &&
  typeof value === 'object' &&
  (value as Ref).tenant === String(tenant.id) &&
  typeof (value as Ref).id === 'string'

describe('expand', () => {
  it("answers an event page's references as the records' own partner shape", async () => {
    const page = await site().list(
      'events',
      `?limit=20&where[title][like]=Show&expand=work.image,season,series,image,performances.venue`,
    )
    expect(page.status, JSON.stringify(page.body).slice(0, 400)).toBe(200)
    const docs = page.body.docs as Doc[]
    expect(docs).toHaveLength(20)
    const work = (await site().get('works', ids.work)).body
    const media = (await site().get('media', ids.image)).body
    const venue = (await site().get('venues', ids.venues[0]!)).body
    for (const doc of docs) {
      // The same bytes as a read of the record itself, with its own expansion inside.
      expect(doc.work).toEqual({ ...work, image: media })
      expect(doc.image).toEqual(media)
      expect((doc.season as Ref).id).toBe(ids.season)
      expect((doc.series as Ref).id).toBe(ids.series)
      expect(isRecordOf(doc.season, tenantA) && isRecordOf(doc.series, tenantA)).toBe(true)
      const shows = doc.performances as Ref[]
      expect(shows.length).toBeGreaterThan(0)
      for (const show of shows) {
        expect(show.event).toBe(doc.id)
        expect(isRecordOf(show.venue, tenantA)).toBe(true)
      }
    }
    const first = docs.find((doc) => doc.id === ids.crowded)!
    expect(
      (first.performances as Ref[]).find((p) => p.venue && (p.venue as Ref).id === ids.venues[0])
        ?.venue,
    ).toEqual(venue)
  })

  it('expands every reference of every kind to a record of the tenant', async () => {
    const served = (await (await fetch(`${app.origin}${partnerBase}/openapi`)).json()) as {
      paths: Record<string, { get?: { parameters?: { name: string; schema?: Doc }[] } }>
    }
    const seen = new Map<string, number>()
    for (const [path, item] of Object.entries(served.paths)) {
      const kind = /^\/\{tenant\}\/([\w-]+)$/.exec(path)?.[1]
      const expand = item.get?.parameters?.find((p) => p.name === 'expand')
      if (!kind || !expand) continue
      const names = ((expand.schema?.items as { enum: string[] }).enum ?? []).filter(
        (name) => !name.includes('.'),
      )
      const answer = await site().list(kind, `?limit=100&expand=${names.join(',')}`)
      expect(answer.status, `${kind}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(200)
      for (const doc of answer.body.docs ?? [])
        for (const name of names) {
          const value = doc[name]
          const values = Array.isArray(value) ? value : value === null ? [] : [value]
          for (const one of values) {
            // The unpublished event a performance names is not the read key's: it stays an id.
            if (one === ids.draftEvent) continue
            // Every reference the key can read is a record of its own tenant, never an id.
            expect(isRecordOf(one, tenantA), `${kind}.${name}: ${JSON.stringify(one)}`).toBe(true)
            seen.set(`${kind}.${name}`, (seen.get(`${kind}.${name}`) ?? 0) + 1)
          }
        }
    }
    expect([...seen.keys()].sort()).toEqual(
      expect.arrayContaining([
        'blogs.image',
        'event-instances.event',
        'event-instances.venue',
        'events.image',
        'events.performances',
        'events.season',
        'events.series',
        'events.work',
        'organizations.image',
        'pages.image',
        'people.image',
        'seasons.image',
        'series.image',
        'venues.image',
        'venues.performances',
        'works.image',
      ]),
    )
  })

  it("never answers another tenant's record, even when one is stored", async () => {
    const target = ids.events[19]!
    // Written past the API (which refuses it): a reference into another tenant.
    await postgresOf(payload).drizzle.execute(
      sql`update events set work_id = ${ids.workB}::uuid where id = ${target}::uuid`,
    )
    const answer = await editor().call('GET', `/events/${target}?expand=work.image`)
    expect(answer.status).toBe(200)
    expect(answer.body.work).toBe(ids.workB)
    expect(JSON.stringify(answer.body)).not.toContain('Their work')
    await postgresOf(payload).drizzle.execute(
      sql`update events set work_id = ${ids.work}::uuid where id = ${target}::uuid`,
    )
    // Another tenant's key never reads through this tenant's path.
    const theirs = await partner({ origin: app.origin, tenant: 'ex-a', key: keys.writeB }).call(
      'GET',
      `/events?expand=work`,
    )
    expect(theirs.status).toBe(403)
  })

  it('never answers a draft to a read key; a write key reading drafts expands latest versions', async () => {
    const unpublished = await site().call(
      'GET',
      `/event-instances/${ids.draftInstance}?expand=event`,
    )
    expect(unpublished.status).toBe(200)
    expect(unpublished.body.event).toBe(ids.draftEvent)
    // A published event with a newer draft: the website sees what was published.
    const event = ids.events[5]!
    const drafted = await editor().call('PATCH', `/events/${event}?draft=true`, {
      title: 'Show 5, renamed in a draft',
    })
    expect(drafted.status, JSON.stringify(drafted.body).slice(0, 300)).toBe(200)
    const instances = await site().list(
      'event-instances',
      `?where[event][equals]=${event}&expand=event`,
    )
    const shown = (instances.body.docs ?? []).map((doc) => (doc.event as Ref).title)
    expect(shown.length).toBeGreaterThan(0)
    expect(new Set(shown)).toEqual(new Set(['Show 5']))
    // A draft read of the event itself expands its references in their latest version.
    const latest = await editor().call('GET', `/events/${event}?draft=true&expand=work`)
    expect(latest.body.title).toBe('Show 5, renamed in a draft')
    expect((latest.body.work as Ref).id).toBe(ids.work)
    const asked = await site().call('GET', `/events/${event}?draft=true&expand=work`)
    expect(asked.status).toBe(403)
  })

  it('answers the next 20 visible performances from now, and where the rest are', async () => {
    const answer = await site().call('GET', `/events/${ids.crowded}?expand=performances`)
    expect(answer.status).toBe(200)
    const shows = answer.body.performances as Ref[]
    expect(shows).toHaveLength(20)
    const starts = shows.map((show) => Date.parse(String(show.startDate)))
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
    expect(starts.every((start) => start > Date.now())).toBe(true)
    expect(shows.every((show) => show.hidden !== true)).toBe(true)
    const more = answer.body.performancesMore as { total: number; next: string }
    expect(more.total).toBe(crowdedCount)
    const rest = await fetch(`${app.origin}${partnerBase}${more.next}`, {
      headers: { authorization: `Bearer ${keys.readA}` },
    })
    expect(rest.status).toBe(200)
    const restDocs = ((await rest.json()) as { docs: Ref[] }).docs
    expect(restDocs).toHaveLength(crowdedCount - 20)
    const shown = new Set(shows.map((show) => show.id))
    expect(restDocs.some((doc) => shown.has(doc.id))).toBe(false)
    // A write key reading drafts gets a link it can follow too.
    const latest = await editor().call(
      'GET',
      `/events/${ids.crowded}?draft=true&expand=performances`,
    )
    const link = (latest.body.performancesMore as { next: string }).next
    const followed = await fetch(`${app.origin}${partnerBase}${link}`, {
      headers: { authorization: `Bearer ${keys.writeA}` },
    })
    expect(followed.status).toBe(200)
    // An event with few performances has them all, and nowhere else to go.
    const small = await site().call('GET', `/events/${ids.events[3]}?expand=performances`)
    expect(small.body.performances).toHaveLength(2)
    expect(small.body.performancesMore).toEqual({ total: 2, next: null })
  })

  it('refuses unknown, non-reference and too-deep paths, naming each', async () => {
    const bad = await site().call('GET', `/events?expand=venue,title,work.image.folder,nope,work`)
    expect(bad.status).toBe(400)
    expect(bad.headers.get('content-type')).toContain('application/problem+json')
    const detail = String(bad.body.detail)
    for (const path of ['venue', 'title', 'work.image.folder', 'nope'])
      expect(detail).toContain(`"${path}"`)
    expect(detail).not.toContain('"work":')
    expect(bad.body.errors).toHaveLength(4)
    const retrieve = await site().call(
      'GET',
      `/events/${ids.crowded}?expand=performances.event.work`,
    )
    expect(retrieve.status).toBe(400)
    expect(String(retrieve.body.detail)).toContain('deeper than 2')
    const media = await site().call('GET', `/media?expand=folder`)
    expect(media.status).toBe(400)
    // The change feed names records; it expands nothing.
    expect((await editor().call('GET', '/changes?expand=work')).status).toBe(400)
  })

  it('reads each distinct record once: a page costs the same few statements at any size', async () => {
    const expand = 'image,work,work.image,season,series,performances,performances.venue'
    const small = await site().list('events', `?limit=2&expand=${expand}`)
    const large = await site().list('events', `?limit=20&expand=${expand}`)
    expect(small.status).toBe(200)
    expect(large.status).toBe(200)
    expect(large.body.docs).toHaveLength(20)
    const few = await statementsOf(small)
    const many = await statementsOf(large)
    const plain = await statementsOf(await site().list('events', '?limit=19'))
    expect(few).toBeGreaterThan(0)
    expect(plain).toBeGreaterThan(0)
    // Twenty events, their performances and every record they name: one statement for each
    // path asked, beside the page's own, however many records the page holds.
    const paths = expand.split(',').length
    console.log(`[expand] statements: 2 events ${few}, 20 events ${many}, 19 unexpanded ${plain}`)
    expect(many).toBeLessThanOrEqual(few)
    expect(many - plain).toBeLessThanOrEqual(paths)
  })
})

describe('expand through Payload', () => {
  it('answers the same records with PARTNER_SQL_READS=off, where no plan reads them', async () => {
    const viaPayload = await startApp({ env: { PARTNER_SQL_READS: 'off', PARTNER_CACHE: 'off' } })
    try {
      const query = `/events?limit=20&sort=title&expand=work.image,image,performances.venue`
      const read = async (origin: string) => {
        const res = await fetch(`${origin}${partnerBase}/ex-a${query}`, {
          headers: { authorization: `Bearer ${keys.readA}` },
        })
        expect(res.status).toBe(200)
        // A file's address names the instance that answered.
        const text = (await res.text()).replace(/http:\/\/localhost:\d+/g, 'http://app')
        const body = JSON.parse(text) as { docs: Doc[] }
        // The link to the rest names the minute it was made.
        for (const doc of body.docs)
          (doc.performancesMore as { next: unknown }).next = Boolean(
            (doc.performancesMore as { next: unknown }).next,
          )
        return body
      }
      const [own, payloads] = [await read(app.origin), await read(viaPayload.origin)]
      expect(own.docs).toHaveLength(20)
      expect(payloads).toEqual(own)
    } finally {
      await viaPayload.stop()
    }
  })
})

describe('select', () => {
  it('answers only the named top-level fields and id, expanding a selected reference', async () => {
    const answer = await site().list('events', '?limit=3&select=title,slug,work&expand=work,image')
    expect(answer.status).toBe(200)
    for (const doc of answer.body.docs ?? []) {
      expect(Object.keys(doc).sort()).toEqual(['id', 'slug', 'title', 'work'])
      expect((doc.work as Ref).id).toBe(ids.work)
    }
    const one = await site().call(
      'GET',
      `/events/${ids.crowded}?select=performances,title&expand=performances`,
    )
    expect(Object.keys(one.body).sort()).toEqual([
      'id',
      'performances',
      'performancesMore',
      'title',
    ])
  })

  it('refuses unknown fields, naming them', async () => {
    const bad = await site().call('GET', `/events?select=title,colour,size`)
    expect(bad.status).toBe(400)
    expect(String(bad.body.detail)).toContain('colour, size')
    expect(bad.body.errors).toHaveLength(2)
    const one = await site().call('GET', `/works/${ids.work}?select=`)
    expect(one.status).toBe(400)
  })
})

describe('the read cache and tags', () => {
  it('keeps each shape apart, and equal shapes together', async () => {
    const tag = async (query: string) => {
      const answer = await site().call('GET', `/events${query}`)
      expect(answer.status).toBe(200)
      return answer.headers.get('etag')
    }
    const plain = await tag('?limit=4')
    const work = await tag('?limit=4&expand=work')
    const both = await tag('?limit=4&expand=work,image')
    const selected = await tag('?limit=4&select=title')
    expect(new Set([plain, work, both, selected]).size).toBe(4)
    expect(await tag('?limit=4&expand=image,work,work')).toBe(both)
    expect(await tag('?limit=4&select=title,title,id')).toBe(selected)
    const retrieve = async (query: string) =>
      (await site().call('GET', `/events/${ids.crowded}${query}`)).headers.get('etag')
    const one = await retrieve('')
    const oneWork = await retrieve('?expand=work')
    expect(one).not.toBe(oneWork)
    const conditional = await site().call('GET', `/events/${ids.crowded}?expand=work`, undefined, {
      'if-none-match': one ?? '',
    })
    expect(conditional.status).toBe(200)
    const again = await site().call('GET', `/events/${ids.crowded}?expand=work`, undefined, {
      'if-none-match': oneWork ?? '',
    })
    expect(again.status).toBe(304)
  })

  it('a change to an expanded venue ends the cached event list that shows it', async () => {
    const query = '?limit=20&expand=performances.venue'
    const before = await site().list('events', query)
    const cached = await site().list('events', query)
    expect(cached.headers.get('etag')).toBe(before.headers.get('etag'))
    // A hit reads no record: only what every request costs (its key, its rate limit).
    expect(await statementsOf(cached)).toBeLessThan(await statementsOf(before))
    const renamed = await editor().update('venues', ids.venues[1]!, { title: 'Hall 2, renamed' })
    expect(renamed.status).toBe(200)
    const after = await site().list('events', query)
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'))
    const names = (after.body.docs ?? []).flatMap((doc) =>
      (doc.performances as Ref[]).map((show) => (show.venue as Ref).title),
    )
    expect(names).toContain('Hall 2, renamed')
    expect(names).not.toContain('Hall 2')
  })
})
