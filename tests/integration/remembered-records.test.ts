import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { element, text } from '../../src/seed/richText'
import { startApp, type RunningApp } from '../helpers/app'
import { getTestPayload } from '../helpers/payload'
import { createKey, partner, partnerBase } from '../helpers/partner'
import { createTenant } from '../helpers/tenants'

/**
 * Records remembered by their rows (`records/remembered.ts`) with the read cache off: a list
 * answers what its rows say now, whatever changed them (a partner, an editor, SQL by hand), a
 * record pointing at another shows that one as it is now, a selection leaves the shared
 * records alone, and every answer is the bytes of an app that makes every record afresh.
 */
let payload: Payload
let app: RunningApp
let afresh: RunningApp
let key = ''
const ids = { plain: '', linking: '', target: '' }

const paragraph = (words: string) => ({
  root: element('root', [element('paragraph', [text(words)], { textFormat: 0, textStyle: '' })]),
})

const read = async (target: RunningApp, query = '?sort=title&limit=10') => {
  const res = await fetch(`${target.origin}${partnerBase}/rr-one/events${query}`, {
    headers: { authorization: `Bearer ${key}` },
  })
  expect(res.status).toBe(200)
  return res.text()
}

/** The answer of both apps, which must be the same bytes. */
const both = async (query?: string) => {
  const [ours, theirs] = await Promise.all([read(app, query), read(afresh, query)])
  expect(ours).toBe(theirs)
  return JSON.parse(ours) as { docs: Record<string, unknown>[] }
}

const byId = (answer: { docs: Record<string, unknown>[] }, id: string) =>
  answer.docs.find((doc) => doc.id === id)

beforeAll(async () => {
  payload = await getTestPayload()
  const tenant = await createTenant({ payload, slug: 'rr-one' })
  key = await createKey({ payload, tenants: [tenant], scope: 'write' })
  ;[app, afresh] = await Promise.all([
    startApp({ env: { PARTNER_CACHE: 'off' } }),
    startApp({ env: { PARTNER_CACHE: 'off', PARTNER_REMEMBERED_RECORDS_MB: '0' } }),
  ])
  const writer = partner({ origin: app.origin, tenant: 'rr-one', key })
  const create = async (body: Record<string, unknown>) => {
    const res = await writer.create('events', { _status: 'published', ...body })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return String(res.body.id)
  }
  ids.target = await create({ title: 'C target', slug: 'c-target' })
  ids.plain = await create({ title: 'A plain', description: paragraph('Words alone') })
  ids.linking = await create({
    title: 'B linking',
    description: {
      root: element('root', [
        element('paragraph', [
          element('link', [text('the target')], {
            fields: { linkType: 'internal', doc: { relationTo: 'events', value: ids.target } },
          }),
        ]),
      ]),
    },
  })
})

afterAll(async () => {
  await Promise.all([app?.stop(), afresh?.stop()])
})

describe('records remembered by their rows', () => {
  it('answers the same bytes again, and as an app that makes every record afresh', async () => {
    const first = await both()
    const second = await both()
    expect(second).toEqual(first)
    expect(byId(first, ids.plain)?.descriptionHtml).toBe('<p>Words alone</p>')
  })

  it('answers a row changed by SQL by hand at once, with nothing told of the change', async () => {
    await both()
    const db = payload.db as unknown as PostgresAdapter
    await db.drizzle.execute(
      sql`update events set title = 'A changed by hand', description = ${JSON.stringify(paragraph('New words'))}::jsonb where id = ${ids.plain}`,
    )
    const after = await both()
    expect(byId(after, ids.plain)).toMatchObject({
      title: 'A changed by hand',
      descriptionHtml: '<p>New words</p>',
    })
  })

  it('shows a linked record as it is now: a record pointing at another is never kept', async () => {
    const before = await both()
    expect(String(byId(before, ids.linking)?.descriptionHtml)).toContain(
      '<a href="/events/c-target">the target</a>',
    )
    // The target taken offline: its row changes, the linking record's row does not.
    await payload.update({
      collection: 'events',
      id: ids.target,
      data: { _status: 'draft' },
      overrideAccess: true,
    })
    const after = await both()
    expect(byId(after, ids.target)).toBeUndefined()
    expect(byId(after, ids.linking)?.descriptionHtml).toBe('<p>the target</p>')
  })

  it('shapes answers from copies: a selection leaves the plain answer as it was', async () => {
    const plain = await both()
    const selected = await both('?sort=title&limit=10&select=title')
    expect(Object.keys(selected.docs[0] ?? {}).sort()).toEqual(['id', 'title'])
    expect(await both()).toEqual(plain)
  })
})
