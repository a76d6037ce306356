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
 * save still leaves exactly one version marked the latest. (The
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
})
