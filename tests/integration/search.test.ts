import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { postgresOf } from '../../src/db/postgres'
import { paragraph, richText } from '../../src/seed/richText'
import { signIn } from '../helpers/admin'
import { startApp, type RunningApp } from '../helpers/app'
import { getTestPayload } from '../helpers/payload'
import { createKey, partner } from '../helpers/partner'
import { createTenant, createUser } from '../helpers/tenants'

/**
 * `search` on partner lists: full-text over titles and text (rich text, blocks), within the
 * tenant, best match first, with `where` and paging; the kinds without text refuse it.
 */
let payload: Payload
let app: RunningApp
let key = ''
let otherKey = ''

/** One paragraph of rich text. */
const prose = (value: string) => richText(paragraph(value))

const api = (k = key, tenant = 'se-bay') => partner({ origin: app.origin, tenant, key: k })
/** Events and pages are searched in their latest version, drafts too (published-reads.test.ts has the published side). */
const titles = async (kind: string, query: string, k = key, tenant = 'se-bay') => {
  const drafts = ['events', 'pages'].includes(kind) ? `${query ? '&' : '?'}draft=true` : ''
  const res = await api(k, tenant).list(kind, `${query}${drafts}`)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return { titles: (res.body.docs ?? []).map((d) => d.title), body: res.body }
}

beforeAll(async () => {
  payload = await getTestPayload()
  const bay = await createTenant({ payload, slug: 'se-bay' })
  const hill = await createTenant({ payload, slug: 'se-hill' })
  key = await createKey({ payload, tenants: [bay], scope: 'write' })
  otherKey = await createKey({ payload, tenants: [hill], scope: 'write' })
  app = await startApp()
  for (const [title, words] of [
    ['The Tempest', 'A storm, a shipwreck, an island of spirits. Storm after storm.'],
    ['Twelfth Night', 'Twins parted by a storm at sea find love in Illyria.'],
    ['Macbeth', 'Witches, a dagger, and a crown taken by murder.'],
  ] as const) {
    const res = await api().create('events', { title, description: prose(words) })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
  }
  // The other tenant writes the same words: never found from se-bay.
  expect(
    (
      await api(otherKey, 'se-hill').create('events', {
        title: 'Storm Warning',
        description: prose('storm storm storm shipwreck'),
      })
    ).status,
  ).toBe(201)
})

afterAll(async () => {
  await app?.stop()
})

describe('search', () => {
  it('finds by words of the text, best match first, within the tenant only', async () => {
    const { titles: found, body } = await titles('events', '?search=storm')
    expect(found).toEqual(['The Tempest', 'Twelfth Night'])
    expect(body.totalDocs).toBe(2)
    expect((await titles('events', '?search=shipwreck')).titles).toEqual(['The Tempest'])
    expect((await titles('events', '?search=dagger%20crown')).titles).toEqual(['Macbeth'])
    expect((await titles('events', '?search=storm', otherKey, 'se-hill')).titles).toEqual([
      'Storm Warning',
    ])
  })

  it('combines with where, sort and pages', async () => {
    expect((await titles('events', `?search=storm&where[title][like]=night`)).titles).toEqual([
      'Twelfth Night',
    ])
    expect((await titles('events', '?search=storm&sort=title')).titles).toEqual([
      'The Tempest',
      'Twelfth Night',
    ])
    expect((await titles('events', '?search=storm&sort=-title')).titles).toEqual([
      'Twelfth Night',
      'The Tempest',
    ])
    const second = await titles('events', '?search=storm&limit=1&page=2')
    expect(second.titles).toEqual(['Twelfth Night'])
    expect(second.body).toMatchObject({
      totalDocs: 2,
      totalPages: 2,
      hasNextPage: false,
      nextCursor: null,
    })
    // Best first through a filter, a page at a time; a filter nothing passes is an empty list.
    const filtered = '?search=storm&where[title][like]=t&limit=1'
    const best = await titles('events', `${filtered}&page=1`)
    expect(best.titles).toEqual(['The Tempest'])
    expect(best.body).toMatchObject({ totalDocs: 2, totalPages: 2, hasNextPage: true })
    expect((await titles('events', `${filtered}&page=2`)).titles).toEqual(['Twelfth Night'])
    expect((await titles('events', `${filtered}&page=3`)).titles).toEqual([])
    const none = await titles('events', '?search=storm&where[title][equals]=Macbeth')
    expect(none.titles).toEqual([])
    expect(none.body).toMatchObject({ totalDocs: 0, totalPages: 1, hasNextPage: false })
    expect((await titles('events', '?search=%22at%20sea%22')).titles).toEqual(['Twelfth Night'])
    expect((await titles('events', '?search=storm%20-illyria')).titles).toEqual(['The Tempest'])
  })

  it('follows edits and drafts: the latest words are found', async () => {
    const { body } = await titles('events', '?search=witches')
    const id = String(body.docs?.[0]?.id)
    expect(
      (
        await api().update('events', id, {
          description: prose('A thane, a prophecy, a forest that moves.'),
        })
      ).status,
    ).toBe(200)
    expect((await titles('events', '?search=witches')).titles).toEqual([])
    expect((await titles('events', '?search=prophecy')).titles).toEqual(['Macbeth'])
  })

  it('reaches venues’ access information and pages’ blocks', async () => {
    expect(
      (
        await api().create('venues', {
          title: 'Quay Hall',
          accessInformation: prose('Step-free entrance and hearing loop'),
        })
      ).status,
    ).toBe(201)
    expect((await titles('venues', '?search=loop')).titles).toEqual(['Quay Hall'])
    const page = await api().create('pages', {
      title: 'Visit',
      layout: [{ blockType: 'richText', content: prose('Parking behind the lighthouse') }],
    })
    expect(page.status, JSON.stringify(page.body)).toBe(201)
    expect((await titles('pages', '?search=lighthouse')).titles).toEqual(['Visit'])
  })

  it('finds other forms of a word in the tenant’s language, from the language’s own index', async () => {
    const dale = await createTenant({ payload, slug: 'se-dale' })
    const daleKey = await createKey({ payload, tenants: [dale], scope: 'write' })
    await createUser({
      payload,
      email: 'se-dale-admin@example.com',
      tenants: [{ tenant: dale, roles: ['tenant-admin'] }],
    })
    const choir = await api(daleKey, 'se-dale').create('events', {
      title: 'Evensong',
      description: prose('The choir sings the evening canticles.'),
      _status: 'draft',
    })
    expect(choir.status).toBe(201)
    const found = async () => (await titles('events', '?search=singing', daleKey, 'se-dale')).titles
    // Any language: words as written.
    expect(await found()).toEqual([])
    expect((await titles('events', '?search=sings', daleKey, 'se-dale')).titles).toEqual([
      'Evensong',
    ])

    // The tenant's admin sets English: every record, drafts too, is searched in it at once.
    const admin = await signIn({
      origin: app.origin,
      email: 'se-dale-admin@example.com',
      password: 'test-password-123',
    })
    expect((await admin.patch(`/api/tenants/${dale.id}`, { language: 'english' })).status).toBe(200)
    expect(await found()).toEqual(['Evensong'])
    // A record written after the change is stamped with it too.
    await api(daleKey, 'se-dale').create('works', {
      title: 'Messiah',
      description: prose('An oratorio: the chorus rejoices.'),
    })
    expect((await titles('works', '?search=rejoicing', daleKey, 'se-dale')).titles).toEqual([
      'Messiah',
    ])
    // Other tenants keep theirs: se-bay still searches words as written.
    expect((await titles('events', '?search=storms')).titles).toEqual([])
    expect((await titles('events', '?search=singing')).titles).toEqual([])

    // The search's condition is its index's: PostgreSQL can answer it from that index. Asked of
    // a copy of the table that has only that index, so the answer does not depend on the
    // table's size or statistics (on a few rows any index looks as good, and other files write
    // to the table meanwhile).
    const plan = await postgresOf(payload).drizzle.transaction(async (tx) => {
      const { rows } = await tx.execute<{ indexdef: string }>(
        sql`select indexdef from pg_indexes where indexname = '_events_v_search_english_idx'`,
      )
      const definition = rows[0]?.indexdef
      expect(definition).toBeDefined()
      await tx.execute(sql`create temp table search_plan (like "_events_v") on commit drop`)
      await tx.execute(
        sql.raw(
          String(definition)
            .replace('_events_v_search_english_idx', 'search_plan_english_idx')
            .replace(/ ON \S+ USING /, ' ON search_plan USING '),
        ),
      )
      await tx.execute(sql`set local enable_seqscan = off`)
      return tx.execute<{ 'QUERY PLAN': string }>(
        sql.raw(`EXPLAIN SELECT parent_id FROM search_plan WHERE latest
          AND "version_search_language" = 'english'
          AND to_tsvector('english', coalesce("version_search_text", '')) @@ websearch_to_tsquery('english', 'singing')`),
      )
    })
    // The words are the index's condition, not a filter over the whole index.
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(
      /Index Scan on search_plan_english_idx.*\n\s*Index Cond: .*to_tsvector\('english'.*@@/,
    )
  })

  it('takes a text longer than search keeps: the record saves, found by its start', async () => {
    const long = `Overture ${'verse '.repeat(12_000)}finale`
    const res = await api().create('works', { title: 'The Long Cycle', description: prose(long) })
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201)
    expect((await titles('works', '?search=overture')).titles).toEqual(['The Long Cycle'])
  })

  it('takes anything a search box may send, and refuses what it cannot answer', async () => {
    for (const words of ["' & | ! ( ) :* <-> \\", 'or or -', '"unclosed', 'ünïcödé 海']) {
      const res = await api().list('events', `?search=${encodeURIComponent(words)}`)
      expect(res.status, words).toBe(200)
    }
    for (const query of ['?search=', `?search=${'word '.repeat(40)}`, '?search=storm&cursor=abc']) {
      const res = await api().list('events', query)
      expect(res.status, query).toBe(400)
      expect(res.headers.get('content-type')).toContain('application/problem+json')
    }
    // Words only left out would have every record read (no index can find "not"): refused,
    // while a word to find beside them is a search like any other.
    for (const words of ['-storm', '-storm -rain', '-"storm clouds"']) {
      const res = await api().list('works', `?search=${encodeURIComponent(words)}`)
      expect(res.status, words).toBe(400)
      expect(JSON.stringify(res.body.errors), words).toContain('search')
    }
    expect((await api().list('works', `?search=${encodeURIComponent('storm -rain')}`)).status).toBe(
      200,
    )
    // A burst of one tenant's searches past its share at once waits its turn: all answered.
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => api().list('works', '?search=storm')),
    )
    expect(burst.map((res) => res.status)).toEqual(Array(8).fill(200))
    // Kinds without text of their own take no search.
    expect((await api().list('event-instances', '?search=storm')).status).toBe(400)
  })
})
