import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { postgresOf } from '../../src/db/postgres'
import type { Tenant } from '../../src/payload-types'
import { getTestPayload } from '../helpers/payload'
import { createTenant } from '../helpers/tenants'

/**
 * Payload's version pruning is answered without PostgreSQL for a record created in the same
 * request (`src/db/firstVersions.ts`): a record saved again and again is still pruned. The
 * first version of a new record skips the statement that unmarks earlier ones: every later
 * save still leaves exactly one version marked the latest. A create that writes only the
 * record's own row answers that row (`patches/@payloadcms+drizzle+*.patch`) instead of reading
 * it back with every joined table: the answer must be the record a read gives. (The
 * statements a create sends are counted by `npm run bench`: the access line's count moves with
 * the catch-ups and rate-limit writes of a busy machine.)
 */
let payload: Payload
let tenant: Tenant

beforeAll(async () => {
  payload = await getTestPayload()
  tenant = await createTenant({ payload, slug: 'ws-home' })
})

describe('versions of a write', () => {
  it('still keeps at most maxPerDoc versions of a record saved again and again', async () => {
    const event = await payload.create({
      collection: 'events',
      data: { tenant: tenant.id, title: 'Saved often', _status: 'published' } as never,
      draft: false,
      overrideAccess: true,
    })
    for (let i = 0; i < 55; i++)
      await payload.update({
        collection: 'events',
        id: event.id,
        data: { title: `Saved often ${i}` },
        overrideAccess: true,
      })
    const { rows } = await postgresOf(payload).drizzle.execute<{ n: number }>(
      sql`select count(*)::int as n from _events_v where parent_id = ${event.id}`,
    )
    // Events keep 50 versions (`versions.maxPerDoc`).
    expect(rows[0]?.n).toBe(50)
  })

  it('marks exactly one version the latest: a new record, its drafts, its publication', async () => {
    const latest = async (id: string | number) => {
      const { rows } = await postgresOf(payload).drizzle.execute<{
        title: string
        latest: boolean
      }>(
        sql`select version_title as title, coalesce(latest, false) as latest from _events_v
          where parent_id = ${id} order by updated_at, created_at`,
      )
      return rows
    }
    const event = await payload.create({
      collection: 'events',
      data: { tenant: tenant.id, title: 'First', _status: 'published' } as never,
      draft: false,
      overrideAccess: true,
    })
    expect(await latest(event.id)).toEqual([{ title: 'First', latest: true }])
    await payload.update({
      collection: 'events',
      id: event.id,
      data: { title: 'Second', _status: 'draft' } as never,
      draft: true,
      overrideAccess: true,
    })
    await payload.update({
      collection: 'events',
      id: event.id,
      data: { title: 'Third', _status: 'published' } as never,
      overrideAccess: true,
    })
    expect(await latest(event.id)).toEqual([
      { title: 'First', latest: false },
      { title: 'Second', latest: false },
      { title: 'Third', latest: true },
    ])
  })

  it('answers a create with what a read of the record gives, written alone or with rows beside it', async () => {
    const createAndRead = async (collection: 'events', data: Record<string, unknown>) => {
      const created = await payload.create({
        collection,
        data: { tenant: tenant.id, ...data } as never,
        depth: 0,
        overrideAccess: true,
      })
      const read = await payload.findByID({
        collection,
        id: created.id,
        depth: 0,
        draft: true,
        joins: false,
        overrideAccess: true,
      })
      expect({ collection, record: created }).toEqual({ collection, record: read })
      return created
    }
    const event = await createAndRead('events', { title: 'Read back', _status: 'published' })
    await createAndRead('event-instances' as 'events', {
      event: event.id,
      startDate: '2031-05-01T19:30:00.000Z',
    })
    for (const collection of ['works', 'venues', 'seasons', 'series'])
      await createAndRead(collection as 'events', { title: `Read back ${collection}` })
    // Rows beside the record's own (an array, a hasMany select): read back as before.
    await createAndRead('custom-attributes' as 'events', {
      name: 'Age rating',
      key: 'age-rating',
      valueType: 'select',
      options: [{ label: 'All ages', value: 'all' }],
      appliesTo: ['events'],
    })
  })

  it("keeps an event's first and last performance as performances are added, one by one or at once", async () => {
    const event = await payload.create({
      collection: 'events',
      data: { tenant: tenant.id, title: 'Dates kept', _status: 'published' } as never,
      draft: false,
      overrideAccess: true,
    })
    const add = (startDate: string, hidden = false) =>
      payload.create({
        collection: 'event-instances',
        data: { tenant: tenant.id, event: event.id, startDate, hidden } as never,
        overrideAccess: true,
      })
    const dates = async () => {
      const { rows } = await postgresOf(payload).drizzle.execute<{
        first: string | null
        last: string | null
        versions: number
      }>(
        sql`select e.first_performance as first, e.last_performance as last,
          (select count(*)::int from _events_v v where v.parent_id = e.id
            and v.version_first_performance is not distinct from e.first_performance
            and v.version_last_performance is not distinct from e.last_performance) as versions
          from events e where e.id = ${event.id}`,
      )
      const row = rows[0]!
      const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString())
      return { first: iso(row.first), last: iso(row.last), versions: row.versions }
    }
    await add('2031-06-10T19:30:00.000Z')
    expect(await dates()).toEqual({
      first: '2031-06-10T19:30:00.000Z',
      last: '2031-06-10T19:30:00.000Z',
      versions: 1,
    })
    // Earlier and later ones move the dates outwards; a hidden one does not count.
    await add('2031-06-01T19:30:00.000Z')
    await add('2031-06-20T19:30:00.000Z')
    await add('2031-05-01T19:30:00.000Z', true)
    await add('2031-06-15T19:30:00.000Z')
    expect(await dates()).toEqual({
      first: '2031-06-01T19:30:00.000Z',
      last: '2031-06-20T19:30:00.000Z',
      versions: 1,
    })
    // Created at the same moment, in transactions of their own: none is lost.
    await Promise.all(
      ['2031-04-02', '2031-04-01', '2031-07-01', '2031-07-02'].map((day) =>
        add(`${day}T19:30:00.000Z`),
      ),
    )
    expect(await dates()).toEqual({
      first: '2031-04-01T19:30:00.000Z',
      last: '2031-07-02T19:30:00.000Z',
      versions: 1,
    })
  })
})
