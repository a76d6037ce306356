import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startApp, type RunningApp } from '../helpers/app'
import { getTestPayload } from '../helpers/payload'
import { createKey, partner } from '../helpers/partner'
import { createTenant } from '../helpers/tenants'

type Page = {
  docs: { id: string; title: string; venue?: { city?: string | null } }[]
  totalDocs: number
  page: number
  totalPages: number
  hasNextPage: boolean
  nextPage: number | null
  nextCursor: string | null
}

let app: RunningApp
let payload: Payload
let key = ''
const events = 23

const client = () => partner({ origin: app.origin, tenant: 'lp-pages', key, drafts: true })
const list = async (query: string): Promise<Page> => {
  const res = await client().list('events', query)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body as unknown as Page
}

beforeAll(async () => {
  payload = await getTestPayload()
  const tenant = await createTenant({ payload, slug: 'lp-pages' })
  const other = await createTenant({ payload, slug: 'lp-other' })
  key = await createKey({ payload, tenants: [tenant], scope: 'write' })
  app = await startApp()
  const writer = client()
  for (let i = 0; i < events; i++) {
    // Titles in pairs (ties for the id to break), and every third city missing (nulls).
    const created = await writer.create('events', {
      title: `Paged ${String(Math.floor(i / 2)).padStart(2, '0')}`,
      slug: `paged-${i}`,
      slugLock: false,
      venue: { city: i % 3 === 0 ? null : `City ${i % 5}` },
    })
    expect(created.status).toBe(201)
  }
  // Another tenant's events never appear in the pages, nor in their counts.
  await payload.create({ collection: 'events', data: { tenant: other.id, title: 'Paged 00' } })
})

afterAll(async () => {
  await app?.stop()
})

describe('list pages and cursors', () => {
  for (const sort of ['-createdAt', 'title', '-title', 'venue.city', '-venue.city']) {
    it(`walks every record once by cursor, in the order pages give them (sort ${sort})`, async () => {
      const byPage: string[] = []
      for (let page = 1; ; page++) {
        const answer = await list(`?limit=5&sort=${sort}&page=${page}`)
        byPage.push(...answer.docs.map((d) => d.id))
        if (!answer.hasNextPage) break
      }
      const byCursor: string[] = []
      let answer = await list(`?limit=5&sort=${sort}`)
      byCursor.push(...answer.docs.map((d) => d.id))
      while (answer.nextCursor) {
        const next = await list(`?limit=5&cursor=${answer.nextCursor}`)
        // The envelope is whole: the page it is, and the count of the whole list.
        expect(next.page).toBe(answer.page + 1)
        expect(next.totalDocs).toBe(events)
        answer = next
        byCursor.push(...answer.docs.map((d) => d.id))
      }
      expect(answer.hasNextPage).toBe(false)
      expect(answer.nextPage).toBeNull()
      expect(new Set(byCursor).size).toBe(events)
      expect(byCursor).toEqual(byPage)
    })
  }

  it('keeps a filter across cursors', async () => {
    const filter = 'where[title][equals]=Paged 03'
    const first = await list(`?limit=1&sort=title&${filter}`)
    expect(first.totalDocs).toBe(2)
    const second = await list(`?limit=1&${filter}&cursor=${first.nextCursor}`)
    expect(second.totalDocs).toBe(2)
    expect(second.docs).toHaveLength(1)
    expect(second.docs[0]?.title).toBe('Paged 03')
    expect(second.docs[0]?.id).not.toBe(first.docs[0]?.id)
    expect(second.nextCursor).toBeNull()
  })

  it('refuses a cursor it did not give, with page, or for another sort, and changes nothing', async () => {
    const { nextCursor } = await list('?limit=5&sort=title')
    const forged = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url')
    const refusals = [
      '?cursor=not-a-cursor',
      `?cursor=${nextCursor}&page=2`,
      `?cursor=${nextCursor}&sort=-createdAt`,
      `?cursor=${forged(['v1', 'tenant', 'x', '00000000-0000-4000-8000-000000000000', 2])}`,
      `?cursor=${forged(['v1', 'createdAt', 'yesterday', '00000000-0000-4000-8000-000000000000', 2])}`,
      `?cursor=${forged(['v1', 'title', { or: [] }, '00000000-0000-4000-8000-000000000000', 2])}`,
      `?cursor=${forged(['v1', 'title', 'x', 'not-an-id', 2])}`,
    ]
    for (const query of refusals) {
      const res = await client().list('events', query)
      expect(res.status, query).toBe(400)
      expect(res.headers.get('content-type')).toBe('application/problem+json')
      expect(JSON.stringify(res.body)).toMatch(/cursor/)
    }
  })
})
