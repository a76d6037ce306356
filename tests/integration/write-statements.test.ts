import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { postgresOf } from '../../src/db/postgres'
import type { Tenant } from '../../src/payload-types'
import { startApp, type RunningApp } from '../helpers/app'
import { getTestPayload } from '../helpers/payload'
import { createKey, partner } from '../helpers/partner'
import { createTenant } from '../helpers/tenants'

/**
 * What a write costs PostgreSQL, seen from its access line: the statements a partner create
 * sends, and the versions Payload still prunes while a record's first ones need no pruning.
 */
let payload: Payload
let app: RunningApp
let tenant: Tenant
let key = ''

beforeAll(async () => {
  payload = await getTestPayload()
  tenant = await createTenant({ payload, slug: 'ws-home' })
  key = await createKey({ payload, tenants: [tenant], scope: 'write' })
  app = await startApp()
})

afterAll(async () => {
  await app?.stop()
})

const statementsOf = (route: string): number[] =>
  app
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('"msg":"request"'))
    .map((line) => JSON.parse(line) as { route?: string; statements?: number })
    .filter((line) => line.route === route)
    .map((line) => line.statements ?? 0)

describe('statements of a write', () => {
  it('a partner create of an event sends eight, no version pruning asked of a record just made', async () => {
    const api = partner({ origin: app.origin, tenant: 'ws-home', key })
    for (let i = 0; i < 3; i++) {
      const made = await api.create('events', { title: `Counted ${i}`, _status: 'published' })
      expect(made.status).toBe(201)
    }
    // The access line is written as the answer ends; give it a moment to reach the output.
    await expect
      .poll(() => statementsOf('POST /api/partners/2025-07/{tenant}/events').length)
      .toBeGreaterThanOrEqual(3)
    // begin, the slug check, the row and its read-back, the version and its `latest` flag,
    // the change log with its webhook queue, commit; and one catch-up with the change channel
    // before the remembered key is used, as other instances share this database (the test's
    // own Payload among them). Payload's version pruning would make it ten.
    expect(
      Math.min(...statementsOf('POST /api/partners/2025-07/{tenant}/events')),
    ).toBeLessThanOrEqual(9)
  })

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
})
