import { randomUUID } from 'node:crypto'
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { postgresOf } from '../../src/db/postgres'
import type { Tenant } from '../../src/payload-types'
import { startApp, type RunningApp } from '../helpers/app'
import { getTestPayload } from '../helpers/payload'
import { createKey, partner, partnerBase } from '../helpers/partner'
import { createTenant } from '../helpers/tenants'

/**
 * `POST /{tenant}/event-instances/batch`: a run of performances in one request, created in one
 * transaction. Every record is checked as its own create would be; one refused record leaves
 * nothing behind (rows, change log, event dates), and the refusal names it by its place.
 */
let app: RunningApp
let payload: Payload
let theatre: Tenant
let festival: Tenant
const keys = { write: '', read: '', festival: '', limited: '' }
const ids = { event: '', venue: '', festivalEvent: '' }

const api = (key = keys.write, tenant = 'bc-theatre') =>
  partner({ origin: app.origin, tenant, key })
const batch = (records: unknown, key?: string, tenant?: string) =>
  api(key, tenant).call('POST', '/event-instances/batch', { records })

const day = 86_400_000
const start = Date.parse('2027-09-01T18:30:00.000Z')

/** A run of `count` nightly performances of the theatre's event at its venue. */
const run = (count: number, event = ids.event) =>
  Array.from({ length: count }, (_, i) => ({
    id: randomUUID() as string,
    event,
    venue: ids.venue,
    startDate: new Date(start + i * day).toISOString(),
  }))

const rows = async (table: string, tenant: Tenant): Promise<number> => {
  const result = await postgresOf(payload).drizzle.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where tenant_id = ${tenant.id}`,
  )
  return Number(result.rows[0]?.n)
}

const eventDates = async () => {
  const doc = await payload.findByID({ collection: 'events', id: ids.event, draft: true })
  return { first: doc.firstPerformance ?? null, last: doc.lastPerformance ?? null }
}

beforeAll(async () => {
  app = await startApp()
  payload = await getTestPayload()
  theatre = await createTenant({ payload, slug: 'bc-theatre' })
  festival = await createTenant({ payload, slug: 'bc-festival' })
  keys.write = await createKey({ payload, tenants: [theatre], scope: 'write' })
  keys.read = await createKey({ payload, tenants: [theatre], scope: 'read' })
  keys.festival = await createKey({ payload, tenants: [festival], scope: 'write' })
  keys.limited = await createKey({ payload, tenants: [theatre], scope: 'write', rateLimit: 10 })
  const event = await api().create('events', {
    id: randomUUID(),
    title: 'Hamlet',
    _status: 'published',
  })
  expect(event.status, JSON.stringify(event.body)).toBe(201)
  ids.event = String(event.body.id)
  const venue = await api().create('venues', { id: randomUUID(), title: 'Main House' })
  expect(venue.status, JSON.stringify(venue.body)).toBe(201)
  ids.venue = String(venue.body.id)
  const other = await api(keys.festival, 'bc-festival').create('events', {
    id: randomUUID(),
    title: 'Festival Opening',
    _status: 'published',
  })
  ids.festivalEvent = String(other.body.id)
}, 600_000)

afterAll(async () => {
  await app?.stop()
})

describe('creating a run of performances in one request', () => {
  it('creates 30 performances, answers them in order as stored, and logs each change', async () => {
    const before = await rows('change_log', theatre)
    const listed = await api(keys.read).list('event-instances', '?limit=100')
    expect(listed.status).toBe(200)
    const sent = run(30)
    const res = await batch(sent)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const records = res.body.records as Record<string, unknown>[]
    expect(records.map((r) => r.id)).toEqual(sent.map((r) => r.id))
    expect(records[0]).toMatchObject({ event: ids.event, venue: ids.venue })
    // Completed by the hooks, as a single create is: a title from the event, the zone.
    expect(String(records[0]?.title)).toContain('Hamlet')
    expect(await rows('event_instances', theatre)).toBe(30)
    expect((await rows('change_log', theatre)) - before).toBe(30)
    expect(await eventDates()).toEqual({
      first: sent[0]?.startDate,
      last: sent[29]?.startDate,
    })
    // The cached list a read key had read is ended by the batch's commit.
    const after = await api(keys.read).list('event-instances', '?limit=100')
    expect(after.body.totalDocs).toBe(30)
  })

  it('creates none when one record is refused by the server, and names it', async () => {
    const before = {
      instances: await rows('event_instances', theatre),
      log: await rows('change_log', theatre),
      dates: await eventDates(),
    }
    const records = run(12).map((r) => ({
      ...r,
      startDate: new Date(start - 400 * day).toISOString(),
    }))
    records[7] = { ...records[7]!, endDate: new Date(start - 401 * day).toISOString() } as never
    const res = await batch(records)
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    expect(res.headers.get('content-type')).toContain('application/problem+json')
    expect(res.body.errors).toEqual([
      { field: 'records.7.endDate', message: 'The end must not be before the start.' },
    ])
    expect(await rows('event_instances', theatre)).toBe(before.instances)
    expect(await rows('change_log', theatre)).toBe(before.log)
    expect(await eventDates()).toEqual(before.dates)
  })

  it("creates none when one record names another tenant's event", async () => {
    const before = await rows('event_instances', theatre)
    const records = run(5)
    records[3] = { ...records[3]!, event: ids.festivalEvent }
    const res = await batch(records)
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect(JSON.stringify(res.body.errors)).toContain('records.3')
    expect(await rows('event_instances', theatre)).toBe(before)
    expect(await rows('event_instances', festival)).toBe(0)
  })

  it('answers every malformed record in one 400 before writing anything', async () => {
    const before = await rows('event_instances', theatre)
    const records: Record<string, unknown>[] = run(4)
    delete records[1]!.startDate
    records[2]!.colour = 'red'
    records[3] = 'not a record' as never
    const res = await batch(records)
    expect(res.status).toBe(400)
    const fields = (res.body.errors as { field: string }[]).map((e) => e.field)
    expect(fields).toEqual(['records.1.startDate', 'records.2.colour', 'records.3'])
    expect(await rows('event_instances', theatre)).toBe(before)
  })

  it('refuses repeated and existing ids, empty and oversized batches, and other bodies', async () => {
    const before = await rows('event_instances', theatre)
    const twice = run(3)
    twice[2] = { ...twice[2]!, id: twice[0]!.id }
    const repeated = await batch(twice)
    expect(repeated.status).toBe(400)
    expect(repeated.body.errors).toEqual([
      { field: 'records.2.id', message: 'Same as records.0.id.' },
    ])
    const existing = (await api().list('event-instances', '?limit=1')).body.docs?.[0]?.id
    const taken = run(2)
    taken[1] = { ...taken[1]!, id: String(existing) }
    const conflict = await batch(taken)
    expect(conflict.status).toBe(409)
    expect(conflict.body.errors).toEqual([{ field: 'records.1.id', message: 'Already exists.' }])
    expect((await batch([])).status).toBe(400)
    const tooMany = await batch(run(201))
    expect(tooMany.status).toBe(400)
    expect(JSON.stringify(tooMany.body)).toContain('from 1 to 200')
    const noRecords = await api().call('POST', '/event-instances/batch', { items: run(1) })
    expect(noRecords.status).toBe(400)
    expect(noRecords.body.errors).toEqual([
      { field: 'records', message: 'Required: an array.' },
      { field: 'items', message: 'Unknown field.' },
    ])
    expect(await rows('event_instances', theatre)).toBe(before)
  })

  it('is refused to read keys and to keys of other tenants', async () => {
    expect((await batch(run(1), keys.read)).status).toBe(403)
    expect((await batch(run(1), keys.festival)).status).toBe(403)
    // A festival key in its own tenant cannot reach the theatre's event either.
    const crossed = await batch(run(1), keys.festival, 'bc-festival')
    expect(crossed.status).toBeGreaterThanOrEqual(400)
    expect(await rows('event_instances', festival)).toBe(0)
  })

  it("counts each record against the key's rate limit", async () => {
    const before = await rows('event_instances', theatre)
    const res = await batch(run(11), keys.limited)
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBeTruthy()
    expect(await rows('event_instances', theatre)).toBe(before)
    expect((await batch(run(5), keys.limited)).status).toBe(201)
    expect(await rows('event_instances', theatre)).toBe(before + 5)
  })

  it('is in the OpenAPI document with its body and answer', async () => {
    const doc = (await (await fetch(`${app.origin}${partnerBase}/openapi`)).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>
      components: { schemas: Record<string, unknown> }
    }
    expect(doc.paths['/{tenant}/event-instances/batch']?.post?.operationId).toBe(
      'createEventInstancesBatch',
    )
    expect(doc.components.schemas.EventInstanceBatchCreate).toBeDefined()
    expect(doc.components.schemas.EventInstanceBatch).toBeDefined()
  })
})
