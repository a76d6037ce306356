import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { postgresOf } from '../../src/db/postgres'
import { takenQuery } from '../../src/fields/slug'
import { getTestPayload } from '../helpers/payload'
import { createTenant } from '../helpers/tenants'

/**
 * A create's slug check reads the slug's index whatever PostgreSQL knows of the table: a table
 * that grew since it was last analysed (a new installation, a tenant's first import) had it
 * read every record of the tenant through the tenant's index, once for each create.
 */
let payload: Payload
let tenant = ''

const planOf = async ({ collection, tables }: { collection: string; tables: string[] }) => {
  let plan = ''
  await postgresOf(payload)
    .drizzle.transaction(async (tx) => {
      // As PostgreSQL sees a table it has never analysed, undone with the transaction.
      for (const table of tables) {
        await tx.execute(sql`select pg_clear_relation_stats('public', ${table})`)
        await tx.execute(sql`select pg_clear_attribute_stats('public', ${table}, attname, false)
          from pg_attribute where attrelid = ${`public.${table}`}::regclass
            and attnum > 0 and not attisdropped`)
      }
      const query = takenQuery({
        payload,
        collection,
        field: 'slug',
        value: 'no-such-slug',
        tenant,
        id: undefined,
      })
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`)
      plan = rows.map((row) => row['QUERY PLAN']).join('\n')
      tx.rollback()
    })
    .catch((err: unknown) => {
      if (!plan) throw err
    })
  return plan
}

beforeAll(async () => {
  payload = await getTestPayload()
  tenant = (await createTenant({ payload, slug: 'scp-grow' })).id
  // A tenant's first import: enough events that reading them all costs more than one probe.
  for (let i = 0; i < 400; i++) {
    await payload.create({
      collection: 'events',
      data: { tenant, title: `Import ${i}`, _status: 'published' },
      overrideAccess: true,
    })
    await payload.create({
      collection: 'works',
      data: { tenant, title: `Work ${i}` },
      overrideAccess: true,
    })
  }
  await postgresOf(payload).drizzle.execute(sql`analyze events, _events_v, works`)
})

const rowsKnown = async (table: string): Promise<number> => {
  const { rows } = await postgresOf(payload).drizzle.execute<{ reltuples: number }>(
    sql`select reltuples from pg_class where oid = ${`public.${table}`}::regclass`,
  )
  return Number(rows[0]?.reltuples)
}

const columnsKnown = async (table: string): Promise<number> => {
  const { rows } = await postgresOf(payload).drizzle.execute<{ count: string }>(
    sql`select count(*) from pg_stats where schemaname = 'public' and tablename = ${table}`,
  )
  return Number(rows[0]?.count)
}

const slugProbes = (plan: string): string[] =>
  plan.split('\n').filter((line) => line.includes('Index Cond'))

describe('the slug check on a table PostgreSQL has not analysed', () => {
  it('finds the slug through its own index in the records and in the drafts', async () => {
    const plan = await planOf({ collection: 'events', tables: ['events', '_events_v'] })
    expect(slugProbes(plan).length, plan).toBe(2)
    for (const probe of slugProbes(plan)) expect(probe, plan).toMatch(/slug/)
    expect(plan).not.toMatch(/Seq Scan/)
    // What the test made PostgreSQL forget went with its transaction.
    expect(await rowsKnown('events')).toBeGreaterThanOrEqual(400)
    expect(await columnsKnown('events')).toBeGreaterThan(0)
    expect(await rowsKnown('_events_v')).toBeGreaterThanOrEqual(400)
  })

  it('does the same for a kind without drafts', async () => {
    const plan = await planOf({ collection: 'works', tables: ['works'] })
    expect(slugProbes(plan).length, plan).toBe(1)
    expect(slugProbes(plan)[0], plan).toMatch(/slug/)
    expect(await rowsKnown('works')).toBeGreaterThanOrEqual(400)
  })
})
