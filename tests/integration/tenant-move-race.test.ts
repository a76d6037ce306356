import { randomUUID } from 'node:crypto'
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import type { PoolClient } from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { postgresOf } from '../../src/db/postgres'
import type { Tenant } from '../../src/payload-types'
import { startApp, type RunningApp } from '../helpers/app'
import { getTestPayload } from '../helpers/payload'
import { createKey, partner, type Answer } from '../helpers/partner'
import { login } from '../helpers/rest'
import { createTenant, createUser } from '../helpers/tenants'

/**
 * A super-admin moves a venue to another tenant while a partner's batch of performances points
 * at it, each in its own transaction, through the real routes. Whichever commits first, the
 * other must see it: the move refuses to strand the batch's performances, or the batch refuses
 * a venue that is no longer its tenant's. Neither may leave a performance of one tenant at
 * another tenant's venue. The test holds both transactions open at a chosen point by locking
 * the change log (which every write appends to before it commits) until both have reached it
 * or are waiting on each other.
 */
let app: RunningApp
let payload: Payload
let home: Tenant
let away: Tenant
let writeKey = ''
let adminToken = ''
let editorToken = ''
let eventId = ''
let gate: PoolClient | undefined

const api = () => partner({ origin: app.origin, tenant: 'mr-home', key: writeKey })

const newVenue = async (title: string): Promise<string> => {
  const venue = await api().create('venues', { id: randomUUID(), title })
  expect(venue.status, JSON.stringify(venue.body)).toBe(201)
  return String(venue.body.id)
}

const batch = (venue: string, event = eventId): Promise<Answer> =>
  api().call('POST', '/event-instances/batch', {
    records: [0, 1, 2].map((i) => ({
      id: randomUUID(),
      event,
      venue,
      startDate: new Date(Date.parse('2031-04-01T18:30:00.000Z') + i * 86_400_000).toISOString(),
    })),
  })

const move = async (
  id: string,
  collection = 'venues',
): Promise<{ status: number; body: string }> => {
  const res = await fetch(`${app.origin}/api/${collection}/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `JWT ${adminToken}` },
    body: JSON.stringify({ tenant: away.id }),
  })
  return { status: res.status, body: await res.text() }
}

/** Holds every append to `table` (the change log, unless told) until `open` is called. */
const closeGate = async (table = 'change_log'): Promise<void> => {
  gate = await postgresOf(payload).pool.connect()
  await gate.query('begin')
  await gate.query(`lock table ${table} in share row exclusive mode`)
}

const openGate = async (): Promise<void> => {
  await gate?.query('commit')
  gate?.release()
  gate = undefined
}

/** Until `count` of the app's statements wait for a lock (on the gate or on each other). */
const waitersReach = async (count: number): Promise<void> => {
  const until = Date.now() + 30_000
  for (;;) {
    const { rows } = await postgresOf(payload).pool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    )
    if ((rows[0]?.n ?? 0) >= count) return
    if (Date.now() > until) throw new Error(`fewer than ${count} statements waited for a lock`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/**
 * `first` runs up to the gate; then `second` starts, and runs up to the gate too or waits on
 * `first`; then the gate opens. Their answers, in that order.
 */
const inTurn = async <A, B>(
  first: () => Promise<A>,
  second: () => Promise<B>,
  gatedTable?: string,
): Promise<[A, B]> => {
  await closeGate(gatedTable)
  const a = first()
  await waitersReach(1)
  const b = second()
  await Promise.race([b, waitersReach(2)])
  await openGate()
  return Promise.all([a, b])
}

/** Performances of one tenant at a venue of another: what neither order may leave behind. */
const strandedPerformances = async (): Promise<number> => {
  const result = await postgresOf(payload).drizzle.execute<{ n: number }>(
    sql`select count(*)::int as n from event_instances p
      left join venues v on v.id = p.venue_id join events e on e.id = p.event_id
      where p.tenant_id <> v.tenant_id or p.tenant_id <> e.tenant_id`,
  )
  return Number(result.rows[0]?.n)
}

const performancesAt = async (venue: string): Promise<number> => {
  const result = await postgresOf(payload).drizzle.execute<{ n: number }>(
    sql`select count(*)::int as n from event_instances where venue_id = ${venue}`,
  )
  return Number(result.rows[0]?.n)
}

/** The home editor's save of a venue's title in the admin (Payload's REST route). */
const editorRenames = async (id: string, title: string): Promise<number> =>
  (
    await fetch(`${app.origin}/api/venues/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `JWT ${editorToken}` },
      body: JSON.stringify({ title }),
    })
  ).status

/** The home editor's bulk save or delete in the admin's list: by a filter, not by id. */
const editorInBulk = async (
  method: 'PATCH' | 'DELETE',
  id: string,
  body?: object,
): Promise<{ status: number; body: string }> => {
  const res = await fetch(`${app.origin}/api/venues?where[id][equals]=${id}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `JWT ${editorToken}` },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  return { status: res.status, body: await res.text() }
}

const venueExists = async (id: string): Promise<boolean> =>
  (
    await payload.find({
      collection: 'venues',
      where: { id: { equals: id } },
      overrideAccess: true,
      limit: 1,
    })
  ).docs.length === 1

const titleOf = async (id: string): Promise<string> =>
  String((await payload.findByID({ collection: 'venues', id, overrideAccess: true })).title)

const tenantOf = async (
  id: string,
  collection: 'venues' | 'events' = 'venues',
): Promise<string> => {
  const doc = await payload.findByID({ collection, id, overrideAccess: true })
  return String(typeof doc.tenant === 'object' ? doc.tenant?.id : doc.tenant)
}

beforeAll(async () => {
  app = await startApp()
  payload = await getTestPayload()
  home = await createTenant({ payload, slug: 'mr-home' })
  away = await createTenant({ payload, slug: 'mr-away' })
  writeKey = await createKey({ payload, tenants: [home], scope: 'write' })
  const admin = await createUser({ payload, email: 'mr-super@example.com', superAdmin: true })
  adminToken = await login({
    origin: app.origin,
    email: admin.email,
    password: 'test-password-123',
  })
  const editor = await createUser({
    payload,
    email: 'mr-editor@example.com',
    tenants: [{ tenant: home, roles: ['editor'] }],
  })
  editorToken = await login({
    origin: app.origin,
    email: editor.email,
    password: 'test-password-123',
  })
  const event = await api().create('events', {
    id: randomUUID(),
    title: 'On tour',
    _status: 'published',
  })
  expect(event.status, JSON.stringify(event.body)).toBe(201)
  eventId = String(event.body.id)
}, 600_000)

afterEach(async () => {
  await openGate()
})

afterAll(async () => {
  await app?.stop()
})

describe('a tenant move racing a batch that points at the record moved', () => {
  it('waits for the batch that checked the venue first, then refuses to strand it', async () => {
    const venue = await newVenue('Hall checked first')
    // The batch checks the venue and writes its rows, then waits to append its changes; the
    // move waits on the batch (or, without a lock between them, on the gate).
    const [answer, moveAnswer] = await inTurn(
      () => batch(venue),
      () => move(venue),
    )
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(moveAnswer.status, moveAnswer.body).toBe(400)
    expect(moveAnswer.body).toContain('Records of the old tenant point at this one')
    expect(await tenantOf(venue)).toBe(home.id)
    expect(await performancesAt(venue)).toBe(3)
    expect(await strandedPerformances()).toBe(0)
  })

  it('makes a batch that checks a venue being moved wait for the move, then refuse it', async () => {
    const venue = await newVenue('Hall moved first')
    // The move finds nothing pointing at the venue and changes it, then waits to append.
    const [moveAnswer, answer] = await inTurn(
      () => move(venue),
      () => batch(venue),
    )
    expect(moveAnswer.status, moveAnswer.body).toBe(200)
    expect(answer.status, JSON.stringify(answer.body)).toBe(400)
    expect(JSON.stringify(answer.body)).toContain('venue')
    expect(await tenantOf(venue)).toBe(away.id)
    expect(await performancesAt(venue)).toBe(0)
    expect(await strandedPerformances()).toBe(0)
  })

  it('makes a move of an event wait for a batch of its performances under way, then refuse', async () => {
    const venue = await newVenue('Hall of a show in demand')
    const event = await api().create('events', {
      id: randomUUID(),
      title: 'Selling fast',
      _status: 'published',
    })
    expect(event.status, JSON.stringify(event.body)).toBe(201)
    const id = String(event.body.id)
    // The batch has read the event (its tenant, its title) and waits to write its first
    // performance; the event's dates are updated at its commit. A move that took the event's
    // row for an edit and asked for a move's lock later would wait for the batch, which would
    // wait for it at that update: the two would deadlock.
    const [answer, moveAnswer] = await inTurn(
      () => batch(venue, id),
      () => move(id, 'events'),
      'event_instances',
    )
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(moveAnswer.status, moveAnswer.body).toBe(400)
    expect(moveAnswer.body).toContain('Records of the old tenant point at this one')
    expect(await tenantOf(id, 'events')).toBe(home.id)
    expect(await strandedPerformances()).toBe(0)
  })

  it('makes a batch that reads an event being moved wait for the move, then refuse it', async () => {
    const venue = await newVenue('Hall of a moving show')
    const event = await api().create('events', {
      id: randomUUID(),
      title: 'Transferring',
      _status: 'published',
    })
    expect(event.status, JSON.stringify(event.body)).toBe(201)
    const id = String(event.body.id)
    // The performance's title and booking link come from the event, read with its tenant.
    const [moveAnswer, answer] = await inTurn(
      () => move(id, 'events'),
      () => batch(venue, id),
    )
    expect(moveAnswer.status, moveAnswer.body).toBe(200)
    expect(answer.status, JSON.stringify(answer.body)).toBe(400)
    expect(JSON.stringify(answer.body)).toContain('event')
    expect(await tenantOf(id, 'events')).toBe(away.id)
    expect(await strandedPerformances()).toBe(0)
  })
})

/**
 * An edit of the record that is being moved: the home tenant's editor or write key read the
 * record while it was still theirs, and their save reaches the row only after the move
 * committed. Payload's update writes the whole record, tenant included, so without a check
 * the save would have written into another tenant's record and quietly moved it back.
 */
describe('a tenant move racing an edit of the record moved', () => {
  it("refuses a write key's edit that reaches the record after it moved away", async () => {
    const venue = await newVenue('Hall being sold')
    const [moveAnswer, edit] = await inTurn(
      () => move(venue),
      () => api().update('venues', venue, { title: 'Renamed by the old owner' }),
    )
    expect(moveAnswer.status, moveAnswer.body).toBe(200)
    // Missing, as every record of another tenant is to a key.
    expect(edit.status, JSON.stringify(edit.body)).toBe(404)
    expect(await tenantOf(venue)).toBe(away.id)
    expect(await titleOf(venue)).toBe('Hall being sold')
  })

  it("refuses a write key's delete that reaches the record after it moved away", async () => {
    const venue = await newVenue('Hall kept by its buyer')
    const [moveAnswer, removal] = await inTurn(
      () => move(venue),
      () => api().remove('venues', venue),
    )
    expect(moveAnswer.status, moveAnswer.body).toBe(200)
    expect(removal.status, JSON.stringify(removal.body)).toBe(404)
    expect(await tenantOf(venue)).toBe(away.id)
  })

  it("refuses an editor's save that reaches the record after it moved away", async () => {
    const venue = await newVenue('Hall changing hands')
    const [moveAnswer, status] = await inTurn(
      () => move(venue),
      () => editorRenames(venue, 'Saved by the old owner'),
    )
    expect(moveAnswer.status, moveAnswer.body).toBe(200)
    // Payload's answer to an edit of any record of another tenant, as a later save gets.
    expect(status).toBe(403)
    expect(await editorRenames(venue, 'Saved again by the old owner')).toBe(403)
    expect(await tenantOf(venue)).toBe(away.id)
    expect(await titleOf(venue)).toBe('Hall changing hands')
  })

  it("refuses an editor's bulk save and bulk delete that reach the record after it moved", async () => {
    const saved = await newVenue('Hall in a bulk edit')
    const [moveAnswer, bulkSave] = await inTurn(
      () => move(saved),
      () => editorInBulk('PATCH', saved, { title: 'Bulk-saved by the old owner' }),
    )
    expect(moveAnswer.status, moveAnswer.body).toBe(200)
    expect(bulkSave.body).not.toContain('Bulk-saved by the old owner')
    expect(await tenantOf(saved)).toBe(away.id)
    expect(await titleOf(saved)).toBe('Hall in a bulk edit')

    const deleted = await newVenue('Hall in a bulk delete')
    const [secondMove, bulkDelete] = await inTurn(
      () => move(deleted),
      () => editorInBulk('DELETE', deleted),
    )
    expect(secondMove.status, secondMove.body).toBe(200)
    expect(bulkDelete.status, bulkDelete.body).not.toBe(200)
    expect(await venueExists(deleted)).toBe(true)
    expect(await tenantOf(deleted)).toBe(away.id)
  })

  it("refuses an editor's restore of a version that reaches the record after it moved", async () => {
    const made = await api().create('events', {
      id: randomUUID(),
      title: 'Festival opening',
      _status: 'published',
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const event = String(made.body.id)
    expect((await api().update('events', event, { title: 'Festival finale' })).status).toBe(200)
    const { docs } = await payload.findVersions({
      collection: 'events',
      where: { parent: { equals: event }, 'version.title': { equals: 'Festival opening' } },
      overrideAccess: true,
    })
    const version = String(docs[0]?.id)
    const [moveAnswer, restore] = await inTurn(
      () => move(event, 'events'),
      () =>
        fetch(`${app.origin}/api/events/versions/${version}`, {
          method: 'POST',
          headers: { authorization: `JWT ${editorToken}` },
        }).then(async (res) => ({ status: res.status, body: await res.text() })),
    )
    expect(moveAnswer.status, moveAnswer.body).toBe(200)
    // The restore waits for the move, then finds the record moved since it read it: refused.
    expect(restore.status, restore.body).toBe(403)
    expect(await tenantOf(event, 'events')).toBe(away.id)
    const after = await payload.findByID({ collection: 'events', id: event, overrideAccess: true })
    expect(after.title).toBe('Festival finale')
  })

  it("answers another tenant's editor at once while the record's own tenant writes it", async () => {
    const venue = await newVenue('Hall being renamed')
    const outsider = await createUser({
      payload,
      email: 'mr-away-editor@example.com',
      tenants: [{ tenant: away, roles: ['editor'] }],
    })
    const outsiderToken = await login({
      origin: app.origin,
      email: outsider.email,
      password: 'test-password-123',
    })
    await closeGate()
    const writing = api().update('venues', venue, { title: 'Renamed by its owner' })
    await waitersReach(1)
    // The owner's write holds the record's row, waiting at the gate.
    const { rows } = await postgresOf(payload).pool.query<{ pid: number }>(
      'select pid from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
      [(await gate?.query<{ pid: number }>('select pg_backend_pid() as pid'))?.rows[0]?.pid],
    )
    const writer = rows[0]?.pid
    expect(writer).toBeTypeOf('number')
    let answered = false
    const blockedByWriter = async (): Promise<'waited' | undefined> => {
      while (!answered) {
        const { rows: waiting } = await postgresOf(payload).pool.query(
          'select 1 from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
          [writer],
        )
        if (waiting.length > 0) return 'waited'
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      return undefined
    }
    // Refused without waiting for the row: how long it took would tell that the record exists
    // and is being written.
    const outsiderSave = fetch(`${app.origin}/api/venues/${venue}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `JWT ${outsiderToken}` },
      body: JSON.stringify({ title: 'Renamed by a stranger' }),
    }).then((res) => {
      answered = true
      return res.status
    })
    expect(await Promise.race([outsiderSave, blockedByWriter()])).toBe(403)
    await openGate()
    expect((await writing).status).toBe(200)
    expect(await outsiderSave).toBe(403)
    expect(await titleOf(venue)).toBe('Renamed by its owner')
  })

  it('lets the move wait for an edit that reached the record first, and keeps both', async () => {
    const venue = await newVenue('Hall renamed, then sold')
    const [edit, moveAnswer] = await inTurn(
      () => api().update('venues', venue, { title: 'Renamed before the sale' }),
      () => move(venue),
    )
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    expect(moveAnswer.status, moveAnswer.body).toBe(200)
    expect(await tenantOf(venue)).toBe(away.id)
    expect(await titleOf(venue)).toBe('Renamed before the sale')
  })
})
