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

const planOf = async ({
  collection,
  tables,
  generic = false,
}: {
  collection: string
  tables: string[]
  /** The plan a partner create keeps for its connection (`findsByKeyOnly`): values unknown. */
  generic?: boolean
}) => {
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
      const { dialect } = postgresOf(payload).drizzle as unknown as {
        dialect: { sqlToQuery: (query: ReturnType<typeof takenQuery>) => { sql: string } }
      }
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(
        generic
          ? sql.raw(`explain (generic_plan) ${dialect.sqlToQuery(query).sql}`)
          : sql`explain ${query}`,
      )
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

/** PostgreSQL 18 can be made to forget a table's statistics (`pg_clear_relation_stats`). */
const canForget = async (): Promise<boolean> => {
  const { rows } = await postgresOf(payload).drizzle.execute<{ version: number }>(
    sql`select current_setting('server_version_num')::int as version`,
  )
  return Number(rows[0]?.version) >= 180_000
}

/** Each probe of an index searches it by the value and the tenant together. */
const expectValueAndTenant = ({ plan, probes }: { plan: string; probes: number }): void => {
  expect(slugProbes(plan).length, plan).toBe(probes)
  for (const probe of slugProbes(plan)) expect(probe, plan).toMatch(/slug.*tenant_id/)
  expect(plan).not.toMatch(/Seq Scan/)
}

describe('the slug check', () => {
  it('finds the value with its tenant in the records and in the drafts, with statistics', async () => {
    expectValueAndTenant({ plan: await planOf({ collection: 'events', tables: [] }), probes: 2 })
    expectValueAndTenant({ plan: await planOf({ collection: 'works', tables: [] }), probes: 1 })
    expectValueAndTenant({
      plan: await planOf({ collection: 'events', tables: [], generic: true }),
      probes: 2,
    })
  })

  it('does the same on tables PostgreSQL has not analysed', async (context) => {
    // The embedded server is 18; a `TEST_DATABASE_URI` server may be older.
    if (!(await canForget())) context.skip()
    expectValueAndTenant({
      plan: await planOf({ collection: 'events', tables: ['events', '_events_v'] }),
      probes: 2,
    })
    expectValueAndTenant({
      plan: await planOf({ collection: 'works', tables: ['works'] }),
      probes: 1,
    })
    // The plan a partner create keeps for its connection, made before the values are known.
    expectValueAndTenant({
      plan: await planOf({ collection: 'events', tables: ['events', '_events_v'], generic: true }),
      probes: 2,
    })
    expectValueAndTenant({
      plan: await planOf({ collection: 'works', tables: ['works'], generic: true }),
      probes: 1,
    })
    // What the test made PostgreSQL forget went with its transaction.
    for (const table of ['events', '_events_v', 'works']) {
      expect(await rowsKnown(table)).toBeGreaterThanOrEqual(400)
      expect(await columnsKnown(table)).toBeGreaterThan(0)
    }
  })
})
