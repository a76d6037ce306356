import { randomUUID } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { EventInstance, Tenant, User } from '../../src/payload-types'
import { executeSync, lockedFieldPaths } from '../../src/plugins/ticketing/exports'
import type { Connection, RunOutcome } from '../../src/plugins/ticketing/types'
import { optionDefaults, type TicketingOptions } from '../../src/plugins/ticketing/defaults'
import { startApp, waitUntil, type RunningApp } from '../helpers/app'
import {
  eventJson,
  instanceJson,
  makeCatalogue,
  spektrixId,
  startFakeSpektrix,
  statusJson,
  type FakeSpektrix,
} from '../helpers/fakeSpektrix'
import { getTestPayload } from '../helpers/payload'
import { relationId } from '../../src/lib/relationId'
import { createKey, partner } from '../helpers/partner'
import { as, createTenant, createUser, rejectionPaths } from '../helpers/tenants'

/**
 * A box office manager's season through the sync engine, in-process against the test
 * database, with a Spektrix stand-in on loopback; what a website reads is checked through
 * the partner API of a running app on the same database.
 */
let payload: Payload
let app: RunningApp
let tenant: Tenant
let writeKey: string
let readKey: string
let fake: FakeSpektrix

const day = 86_400_000
const now = Date.now()
const at = (days: number, hour = 19): Date => {
  const d = new Date(now + days * day)
  d.setUTCHours(hour, 30, 0, 0)
  return d
}

const seagull = spektrixId(34001)
const hamlet = spektrixId(34002)
const linked = spektrixId(34003)
const ids = {
  a1: spektrixId(67201),
  a2: spektrixId(67202),
  a3: spektrixId(67203),
  a4: spektrixId(67204),
  a5: spektrixId(67205),
  b1: spektrixId(67301),
  b2: spektrixId(67302),
  b3: spektrixId(67303),
  c1: spektrixId(67401),
  c2: spektrixId(67402),
  today: spektrixId(67501),
}

const db = (): PostgresAdapter => payload.db as unknown as PostgresAdapter
const count = async (table: string, tenantId = tenant.id): Promise<number> => {
  const result = await db().drizzle.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(
      table === 'event_instances' || table === 'events' ? 'tenant_id' : 'tenant_id',
    )} = ${tenantId}`,
  )
  return Number((result.rows[0] as { n: number }).n)
}
const rowCounts = async () => ({
  events: await count('events'),
  instances: await count('event_instances'),
  versions: Number(
    (
      (
        await db().drizzle.execute(
          sql`select count(*)::int as n from _events_v v join events e on e.id = v.parent_id where e.tenant_id = ${tenant.id}`,
        )
      ).rows[0] as { n: number }
    ).n,
  ),
  changes: await count('change_log'),
  links: await count('ticketing_links'),
})

const connectionOf = (more: Partial<Connection> = {}): Connection => ({
  id: 'c-' + tenant.id,
  tenantId: tenant.id,
  provider: 'spektrix',
  settings: { clientName: 'harbourtheatre', baseUrl: fake.origin },
  credentials: {},
  daysAhead: 60,
  importNewEvents: true,
  syncToPublished: true,
  removalLimitPercent: 50,
  availabilityDaysAhead: 14,
  ...more,
})

const sync = (
  more: {
    connection?: Partial<Connection>
    dryRun?: boolean
    confirmRemovals?: boolean
    deadline?: number
  } = {},
): Promise<RunOutcome> =>
  executeSync({
    payload,
    run: {
      runId: randomUUID(),
      connection: connectionOf(more.connection),
      dryRun: more.dryRun ?? false,
      confirmRemovals: more.confirmRemovals ?? false,
      deadline: more.deadline ?? Date.now() + 60_000,
      heartbeat: async () => undefined,
    },
  })

const instanceBy = async (externalId: string): Promise<EventInstance> => {
  const found = await payload.find({
    collection: 'event-instances',
    where: { 'spektrix.instanceId': { equals: externalId } },
    overrideAccess: true,
    depth: 0,
  })
  expect(found.docs).toHaveLength(1)
  return found.docs[0]!
}

const eventBy = async (externalId: string, tenantId = tenant.id) => {
  const found = await payload.find({
    collection: 'events',
    where: {
      and: [{ 'spektrix.eventId': { equals: externalId } }, { tenant: { equals: tenantId } }],
    },
    overrideAccess: true,
    draft: true,
    depth: 0,
  })
  expect(found.docs).toHaveLength(1)
  return found.docs[0]!
}

/**
 * The plugin's options on this process's configuration, changed for a case as the environment
 * would set them when an app starts (the engine reads them from the configuration).
 */
const setOptions = (changes: Partial<TicketingOptions>): void => {
  Object.assign(payload.config.custom.ticketing as TicketingOptions, changes)
}

const catalogueInstance = (id: string) => fake.state.catalogue.instances.find((i) => i.id === id)!

const editor = () => partner({ origin: app.origin, tenant: 'ts-harbour', key: writeKey })
const site = () => partner({ origin: app.origin, tenant: 'ts-harbour', key: readKey })

beforeAll(async () => {
  payload = await getTestPayload()
  tenant = await payload.create({
    collection: 'tenants',
    data: { name: 'Ticketing Sync', slug: 'ts-harbour' },
  })
  writeKey = await createKey({ payload, tenants: [tenant], scope: 'write' })
  readKey = await createKey({ payload, tenants: [tenant], scope: 'read' })
  fake = await startFakeSpektrix({ clientName: 'harbourtheatre' })
  setOptions({ allowedHosts: [fake.host] })
  const c = fake.state.catalogue
  c.events.push(
    eventJson({ id: seagull, name: 'The Seagull', description: "Chekhov's comedy." }),
    eventJson({ id: hamlet, name: 'Hamlet', duration: 180 }),
    eventJson({ id: linked, name: 'Linked by an editor' }),
  )
  c.instances.push(
    instanceJson({ id: ids.a1, eventId: seagull, start: at(3) }),
    instanceJson({ id: ids.a2, eventId: seagull, start: at(5) }),
    instanceJson({ id: ids.a3, eventId: seagull, start: at(7), cancelled: true, isOnSale: false }),
    instanceJson({ id: ids.a4, eventId: seagull, start: at(9) }),
    instanceJson({ id: ids.a5, eventId: seagull, start: at(11), isOnSale: false }),
    instanceJson({ id: ids.b1, eventId: hamlet, start: at(4) }),
    instanceJson({ id: ids.b2, eventId: hamlet, start: at(6) }),
    instanceJson({ id: ids.b3, eventId: hamlet, start: at(8) }),
    instanceJson({ id: ids.c1, eventId: linked, start: at(10) }),
    instanceJson({ id: ids.c2, eventId: linked, start: at(12) }),
    // Earlier today: in the window's first day, already past.
    instanceJson({ id: ids.today, eventId: hamlet, start: new Date(now - 60_000) }),
  )
  c.statuses.set(ids.a2, statusJson({ available: 12, capacity: 420 }))
  c.statuses.set(ids.a4, statusJson({ available: 0, capacity: 420 }))
  // An editor linked an event of their own to Spektrix, keeping one chosen performance.
  await payload.create({
    collection: 'events',
    overrideAccess: true,
    data: {
      tenant: tenant.id,
      title: 'Our own page for it',
      _status: 'published',
      spektrix: {
        syncConnected: true,
        eventId: linked,
        eventSyncType: 'selected',
        spektrixInstances: JSON.stringify([ids.c1]),
        syncToPublished: true,
      },
    } as never,
  })
  app = await startApp()
})

afterAll(async () => {
  setOptions({ allowedHosts: optionDefaults.allowedHosts })
  await app?.stop()
  await fake?.stop()
})

describe('a first import', () => {
  let outcome: RunOutcome
  beforeAll(async () => {
    outcome = await sync()
  })

  it('creates the events and their performances', async () => {
    expect(outcome).toMatchObject({ status: 'succeeded', errors: [] })
    // 2 new events, 5 + 4 + 1 performances; the linked event's empty description filled.
    expect(outcome.counts).toEqual({
      created: 12,
      updated: 1,
      unchanged: 0,
      cancelled: 0,
      removed: 0,
      failed: 0,
    })
    const event = await eventBy(seagull)
    expect(event).toMatchObject({
      title: 'The Seagull',
      _status: 'published',
      spektrix: {
        eventId: seagull,
        syncConnected: true,
        eventSyncType: 'all',
        syncToPublished: true,
      },
    })
    expect(JSON.stringify(event.description)).toContain("Chekhov's comedy.")
  })

  it('writes the events in one transaction, then the performances in another', async () => {
    // An entry's time is its transaction's start: one time for each transaction.
    const { rows } = await db().drizzle.execute<{ at: string; n: number }>(
      sql`select at::text, count(*)::int as n from change_log
        where tenant_id = ${tenant.id} group by at order by at`,
    )
    // The editor's own event, made before the run; then the run's two.
    expect(rows.map((row) => Number(row.n))).toEqual([1, 3, 10])
  })

  it('writes the performances by their event, whatever order the box office lists them in', async () => {
    // The box office lists today's Hamlet after the linked event's: written in that order, two
    // groups at once could each hold one event and wait for the other's.
    const { rows } = await db().drizzle.execute<{ event: string }>(
      sql`select p.event_id::text as event from change_log c
        join event_instances p on p.id::text = c.record_id
        where c.tenant_id = ${tenant.id} and c.kind = 'event-instances' order by c.seq`,
    )
    const events = rows.map((row) => row.event)
    expect(events).toHaveLength(10)
    expect(events).toEqual([...events].sort())
  })

  it('gives each performance its times, ids, booking link and availability', async () => {
    const a1 = await instanceBy(ids.a1)
    expect(a1).toMatchObject({
      startDate: at(3).toISOString(),
      endDate: new Date(at(3).getTime() + 120 * 60_000).toISOString(),
      ticketingSystem: 'spektrix',
      ticketingSystemId: ids.a1,
      spektrix: { instanceId: ids.a1, eventId: seagull },
      ticketingUrl: `https://system.spektrix.com/harbourtheatre/website/ChooseSeats.aspx?EventInstanceId=${/^\d+/.exec(ids.a1)![0]}&resize=true`,
      availability: 'available',
      onSale: true,
      cancelled: false,
      hidden: false,
    })
    expect(a1.bookingUrl).toBe(a1.ticketingUrl)
    expect((await instanceBy(ids.a2)).availability).toBe('limited')
    expect(await instanceBy(ids.a3)).toMatchObject({
      availability: 'cancelled',
      cancelled: true,
      hidden: true,
    })
    expect((await instanceBy(ids.a4)).availability).toBe('sold_out')
    expect(await instanceBy(ids.a5)).toMatchObject({ availability: 'not_on_sale', onSale: false })
  })

  it('keeps only the chosen performances of a `selected` event', async () => {
    await instanceBy(ids.c1)
    const c2 = await payload.find({
      collection: 'event-instances',
      where: { 'spektrix.instanceId': { equals: ids.c2 } },
      overrideAccess: true,
    })
    expect(c2.docs).toHaveLength(0)
    const own = await eventBy(linked)
    expect(own.title).toBe('Our own page for it')
  })

  it('is what a website reads', async () => {
    const listed = await site().list('event-instances', '?limit=100')
    expect(listed.status).toBe(200)
    const mine = (listed.body.docs ?? []).find((d) => d.ticketingSystemId === ids.a2)
    expect(mine).toMatchObject({ availability: 'limited', onSale: true })
  })
})

describe('a second run over the same data', () => {
  it('writes nothing and counts every record as unchanged', async () => {
    const before = await rowCounts()
    const outcome = await sync()
    expect(outcome.status).toBe('succeeded')
    // 3 events and 10 performances seen.
    expect(outcome.counts).toEqual({
      created: 0,
      updated: 0,
      unchanged: 13,
      cancelled: 0,
      removed: 0,
      failed: 0,
    })
    expect(await rowCounts()).toEqual(before)
  })
})

describe('changes in the box office', () => {
  it('moves a performance whose time changed, and the website reads the new time', async () => {
    const before = await instanceBy(ids.a1)
    // Read once, so the read cache holds the old answer.
    expect((await site().get('event-instances', before.id)).status).toBe(200)
    catalogueInstance(ids.a1).startUtc = at(3, 14).toISOString().slice(0, 19)
    const outcome = await sync()
    expect(outcome.counts).toMatchObject({ updated: 1, unchanged: 12 })
    const a1 = await instanceBy(ids.a1)
    expect(a1.startDate).toBe(at(3, 14).toISOString())
    expect(a1.endDate).toBe(new Date(at(3, 14).getTime() + 120 * 60_000).toISOString())
    expect(outcome.plan[0]?.changes.map((c) => c.field)).toEqual(['startDate', 'endDate'])
    // The change went through the change log: the feed has it, the app's cache dropped it.
    const feed = await editor().call('GET', '/changes?limit=200')
    expect(
      (feed.body.changes as { id: string }[]).filter((c) => c.id === String(before.id)).length,
    ).toBe(2)
    await waitUntil({
      what: 'the website reads the new time',
      timeoutMs: 10_000,
      check: async () => {
        const read = await site().get('event-instances', String(before.id))
        return new Date(read.body.startDate as string).toISOString() === at(3, 14).toISOString()
      },
    })
  })

  it("keeps an editor's own title", async () => {
    const event = await eventBy(seagull)
    await payload.update({
      collection: 'events',
      id: event.id,
      data: { title: 'The Seagull (new translation)', _status: 'published' },
      overrideAccess: true,
    })
    fake.state.catalogue.events[0]!.name = 'THE SEAGULL'
    const outcome = await sync()
    expect(outcome.status).toBe('succeeded')
    expect((await eventBy(seagull)).title).toBe('The Seagull (new translation)')
  })

  it('hides a cancelled and a vanished performance, and leaves the past alone', async () => {
    catalogueInstance(ids.b1).cancelled = true
    catalogueInstance(ids.b1).isOnSale = false
    const c = fake.state.catalogue
    c.instances = c.instances.filter((i) => i.id !== ids.b2 && i.id !== ids.today)
    const outcome = await sync()
    expect(outcome.status).toBe('succeeded')
    expect(outcome.counts).toMatchObject({ cancelled: 1, removed: 1, failed: 0 })
    expect(await instanceBy(ids.b1)).toMatchObject({
      cancelled: true,
      availability: 'cancelled',
      hidden: true,
    })
    expect(await instanceBy(ids.b2)).toMatchObject({ hidden: true, cancelled: false })
    expect((await instanceBy(ids.today)).hidden).toBe(false)
  })
})

describe('one bad record', () => {
  it('fails alone, and two events of one name are both imported', async () => {
    const twin1 = spektrixId(34101)
    const twin2 = spektrixId(34102)
    const bad = spektrixId(34103)
    const badInstance = spektrixId(67601)
    const c = fake.state.catalogue
    c.events.push(
      eventJson({ id: twin1, name: 'Twelfth Night' }),
      eventJson({ id: twin2, name: 'Twelfth Night' }),
      eventJson({ id: bad, name: 'x'.repeat(301) }),
    )
    c.instances.push(
      instanceJson({ id: spektrixId(67602), eventId: twin1, start: at(13) }),
      instanceJson({ id: spektrixId(67603), eventId: twin2, start: at(14) }),
      instanceJson({ id: badInstance, eventId: bad, start: at(15) }),
    )
    try {
      const outcome = await sync()
      expect(outcome.status).toBe('succeeded')
      expect(outcome.counts).toMatchObject({ created: 4, failed: 2 })
      expect(outcome.errors).toEqual([
        expect.objectContaining({
          kind: 'events',
          externalId: bad,
          message: expect.stringMatching(/title/),
        }),
        expect.objectContaining({ kind: 'event-instances', externalId: badInstance }),
      ])
      const slugs = [(await eventBy(twin1)).slug, (await eventBy(twin2)).slug]
      expect(new Set(slugs).size).toBe(2)
    } finally {
      c.events = c.events.filter((e) => e.id !== bad)
      c.instances = c.instances.filter((i) => i.id !== badInstance)
    }
  })
})

describe('two new events of one name', () => {
  it('are written in one transaction, the second with its own slug', async () => {
    const first = spektrixId(34201)
    const second = spektrixId(34202)
    const c = fake.state.catalogue
    c.events.push(
      eventJson({ id: first, name: 'As You Like It' }),
      eventJson({ id: second, name: 'As You Like It' }),
    )
    c.instances.push(
      instanceJson({ id: spektrixId(67701), eventId: first, start: at(16) }),
      instanceJson({ id: spektrixId(67702), eventId: second, start: at(17) }),
    )
    const outcome = await sync()
    expect(outcome.status).toBe('succeeded')
    expect(outcome.counts).toMatchObject({ failed: 0 })
    const [one, two] = [await eventBy(first), await eventBy(second)]
    expect(one.slug).toBe('as-you-like-it')
    expect(two.slug).toBe(`as-you-like-it-${second.slice(0, 12).toLowerCase()}`)
    // One transaction's entries share its start time: the group was not written again one
    // record at a time after the second found the first's slug taken.
    const { rows } = await db().drizzle.execute<{ at: string }>(
      sql`select distinct at::text from change_log
        where kind = 'events' and event = 'created'
          and record_id = any(${`{${one.id},${two.id}}`}::varchar[])`,
    )
    expect(rows).toHaveLength(1)
  })
})

describe('a dry run', () => {
  it('answers the plan and writes nothing', async () => {
    catalogueInstance(ids.a4).startUtc = at(9, 13).toISOString().slice(0, 19)
    const before = await rowCounts()
    const outcome = await sync({ dryRun: true })
    expect(outcome.status).toBe('succeeded')
    expect(outcome.plan).toContainEqual(
      expect.objectContaining({
        action: 'update',
        externalId: ids.a4,
        changes: expect.arrayContaining([
          { field: 'startDate', from: at(9).toISOString(), to: at(9, 13).toISOString() },
        ]),
      }),
    )
    expect(await rowCounts()).toEqual(before)
    expect((await instanceBy(ids.a4)).startDate).toBe(at(9).toISOString())
  })
})

describe('a box office that misbehaves', () => {
  it('is tried again after a 503 with Retry-After', async () => {
    fake.reset()
    fake.state.knobs.unavailable = { calls: 2, retryAfter: '1' }
    const outcome = await sync()
    expect(outcome.status).toBe('succeeded')
    expect((await instanceBy(ids.a4)).startDate).toBe(at(9, 13).toISOString())
    expect(fake.requests().filter((r) => r.includes('/events?')).length).toBe(3)
  })

  it('is tried again after a 429 whose Retry-After is a date', async () => {
    fake.reset()
    fake.state.knobs.unavailable = {
      calls: 1,
      status: 429,
      retryAfter: new Date(Date.now() + 1_000).toUTCString(),
    }
    expect((await sync()).status).toBe('succeeded')
    expect(fake.requests().filter((r) => r.includes('/events?')).length).toBe(2)
  })

  it('follows no redirect', async () => {
    fake.reset()
    fake.state.knobs.redirectTo = 'http://127.0.0.1:9/elsewhere'
    const outcome = await sync()
    expect(outcome.status).toBe('failed')
    expect(outcome.message).toMatch(/redirected/)
    expect(fake.requests()).toHaveLength(1)
    fake.reset()
  })

  it('fails on malformed JSON and changes nothing', async () => {
    catalogueInstance(ids.a4).startUtc = at(9, 12).toISOString().slice(0, 19)
    fake.reset()
    fake.state.knobs.malformed = true
    const before = await rowCounts()
    const outcome = await sync()
    expect(outcome.status).toBe('failed')
    expect(outcome.message).toMatch(/malformed JSON.*Nothing was changed/)
    expect(await rowCounts()).toEqual(before)
    expect((await instanceBy(ids.a4)).startDate).toBe(at(9, 13).toISOString())
  })

  it('fails on an answer over the size cap and changes nothing', async () => {
    fake.reset()
    fake.state.knobs.hugeBytes = 2_000_000
    setOptions({ maxResponseBytes: 100_000 })
    const before = await rowCounts()
    try {
      const outcome = await sync()
      expect(outcome.status).toBe('failed')
      expect(outcome.message).toMatch(/more than 100000 bytes/)
    } finally {
      setOptions({ maxResponseBytes: optionDefaults.maxResponseBytes })
    }
    expect(await rowCounts()).toEqual(before)
  })

  it('fails by its deadline when the box office hangs', async () => {
    fake.reset()
    fake.state.knobs.hang = true
    setOptions({ httpTimeoutMs: 500 })
    const before = await rowCounts()
    try {
      const outcome = await sync({ deadline: Date.now() + 2_000 })
      expect(outcome.status).toBe('failed')
      expect(outcome.message).toMatch(/in time/)
    } finally {
      setOptions({ httpTimeoutMs: optionDefaults.httpTimeoutMs })
    }
    expect(await rowCounts()).toEqual(before)
    fake.reset()
  })

  it('fails when it cannot be reached, keeping every record', async () => {
    const before = await rowCounts()
    const outcome = await sync({
      connection: { settings: { clientName: 'harbourtheatre', baseUrl: 'http://127.0.0.1:9' } },
      deadline: Date.now() + 3_000,
    })
    expect(outcome.status).toBe('failed')
    expect(await rowCounts()).toEqual(before)
  })

  it('refuses a private address that is not allowed', async () => {
    const outcome = await sync({
      connection: { settings: { clientName: 'harbourtheatre', baseUrl: 'http://10.0.0.1:8080' } },
    })
    expect(outcome).toMatchObject({ status: 'failed' })
    expect(outcome.message).toMatch(/could not be reached/)
  })
})

describe('the safety valve', () => {
  it('stops a run that would hide most of the season', async () => {
    fake.reset()
    fake.state.knobs.emptyInstances = true
    const before = await rowCounts()
    const outcome = await sync()
    expect(outcome).toMatchObject({ status: 'failed', needsConfirmation: true })
    expect(outcome.message).toMatch(/no longer lists \d+ of the \d+ future performances/)
    expect(await rowCounts()).toEqual(before)
    expect((await instanceBy(ids.a1)).hidden).toBe(false)
  })

  it('goes ahead when confirmed, and shows them again when they come back', async () => {
    const outcome = await sync({ confirmRemovals: true })
    expect(outcome.status).toBe('succeeded')
    expect(outcome.counts.removed).toBeGreaterThan(3)
    expect((await instanceBy(ids.a1)).hidden).toBe(true)
    fake.reset()
    const back = await sync()
    expect(back.status).toBe('succeeded')
    expect((await instanceBy(ids.a1)).hidden).toBe(false)
    // Cancelled stays hidden.
    expect((await instanceBy(ids.a3)).hidden).toBe(true)
  })
})

describe('locks', () => {
  it('refuses a change of a synced field through the partner API, until the event is disconnected', async () => {
    const a5 = await instanceBy(ids.a5)
    // Earlier, so the end still follows the start.
    const moved = at(11, 17).toISOString()
    const refused = await editor().update('event-instances', a5.id, { startDate: moved })
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body)).toContain('kept by the Spektrix sync')
    // An unchanged value and an editor's own field pass.
    const fine = await editor().update('event-instances', a5.id, {
      startDate: a5.startDate,
      title: 'Relaxed performance',
    })
    expect(fine.status).toBe(200)
    const event = await eventBy(seagull)
    const off = await editor().update('events', String(event.id), {
      spektrix: { ...event.spektrix, syncConnected: false },
      _status: 'published',
    })
    expect(off.status).toBe(200)
    const allowed = await editor().update('event-instances', a5.id, { startDate: moved })
    expect(allowed.status).toBe(200)
    expect(new Date(allowed.body.startDate as string).toISOString()).toBe(moved)
  })
})

describe('more locks', () => {
  it("refuses a change of a connected event's provider id, but not its unlinking", async () => {
    const event = await eventBy(hamlet)
    await expect(
      payload.update({
        collection: 'events',
        id: event.id,
        data: { spektrix: { ...event.spektrix, eventId: 'SOMETHING-ELSE' }, _status: 'published' },
        overrideAccess: true,
      }),
    ).rejects.toThrow(/spektrix.eventId/)
    expect(
      lockedFieldPaths({
        kind: 'events',
        record: event as never,
      }),
    ).toEqual({ provider: 'spektrix', paths: ['spektrix.eventId'] })
  })

  it('drops a deleted performance’s link with it', async () => {
    const b2 = await instanceBy(ids.b2)
    const links = async () =>
      (
        await db().drizzle.execute(
          sql`select count(*)::int as n from ticketing_links where local_id = ${String(b2.id)}`,
        )
      ).rows[0] as { n: number }
    expect((await links()).n).toBe(1)
    await payload.delete({ collection: 'event-instances', id: b2.id, overrideAccess: true })
    expect((await links()).n).toBe(0)
  })
})

describe('bookingUrl', () => {
  it("is the performance's own link, else the box office's, else its event's", async () => {
    const b3 = await instanceBy(ids.b3)
    expect(b3.bookingUrl).toBe(b3.ticketingUrl)
    const event = await eventBy(hamlet)
    await payload.update({
      collection: 'events',
      id: event.id,
      data: {
        booking: { bookingLinkURL: 'https://tickets.example.test/hamlet' },
        _status: 'published',
      },
      overrideAccess: true,
    })
    // The box office's page for the performance comes before the event's link.
    expect((await instanceBy(ids.b3)).bookingUrl).toBe(b3.ticketingUrl)
    // A performance the box office has no page for takes the event's link.
    const byHand = await payload.create({
      collection: 'event-instances',
      data: {
        tenant: relationId(event.tenant),
        event: event.id,
        startDate: new Date(Date.now() + 400 * 86_400_000).toISOString(),
      } as never,
      overrideAccess: true,
    })
    expect(byHand.bookingUrl).toBe('https://tickets.example.test/hamlet')
    await payload.update({
      collection: 'event-instances',
      id: b3.id,
      data: { booking: { bookingLinkURL: 'https://tickets.example.test/hamlet-gala' } },
      overrideAccess: true,
    })
    expect((await instanceBy(ids.b3)).bookingUrl).toBe('https://tickets.example.test/hamlet-gala')
    await payload.update({
      collection: 'event-instances',
      id: b3.id,
      data: { booking: { bookingLinkURL: '' } },
      overrideAccess: true,
    })
    expect((await instanceBy(ids.b3)).bookingUrl).toBe(b3.ticketingUrl)
    await payload.update({
      collection: 'events',
      id: event.id,
      data: {
        booking: { bookingLinkURL: 'https://tickets.example.test/hamlet-2' },
        _status: 'published',
      },
      overrideAccess: true,
    })
    const reread = await payload.findByID({
      collection: 'event-instances',
      id: byHand.id,
      overrideAccess: true,
    })
    expect(reread.bookingUrl).toBe('https://tickets.example.test/hamlet-2')
    expect((await instanceBy(ids.b3)).bookingUrl).toBe(b3.ticketingUrl)
    // Partners read the one link and the box office's own words beside the vocabulary.
    const answered = await site().get('event-instances', b3.id)
    expect(answered.status).toBe(200)
    expect(answered.body).toMatchObject({
      bookingUrl: b3.ticketingUrl,
      providerStatus: b3.providerStatus ?? null,
      availability: b3.availability,
    })
    expect((await site().get('event-instances', byHand.id)).body.bookingUrl).toBe(
      'https://tickets.example.test/hamlet-2',
    )
    await payload.delete({ collection: 'event-instances', id: byHand.id, overrideAccess: true })
  })
})

describe('syncToPublished off', () => {
  it('imports new events as drafts, and availability still reaches the live record', async () => {
    const drafts = await payload.create({
      collection: 'tenants',
      data: { name: 'Ticketing Drafts', slug: 'ts-drafts' },
    })
    const read = await createKey({ payload, tenants: [drafts], scope: 'read' })
    const show = spektrixId(35001)
    const perf = spektrixId(68001)
    const other = await startFakeSpektrix({ clientName: 'drafts' })
    setOptions({ allowedHosts: [fake.host, other.host] })
    other.state.catalogue.events.push(eventJson({ id: show, name: 'Uncle Vanya' }))
    other.state.catalogue.instances.push(instanceJson({ id: perf, eventId: show, start: at(15) }))
    const run = () =>
      sync({
        connection: {
          id: 'c-drafts',
          tenantId: drafts.id,
          settings: { clientName: 'drafts', baseUrl: other.origin },
          syncToPublished: false,
        },
      })
    try {
      expect((await run()).counts).toMatchObject({ created: 2 })
      const event = await eventBy(show, drafts.id)
      expect(event._status).toBe('draft')
      const seen = await partner({ origin: app.origin, tenant: 'ts-drafts', key: read }).list(
        'events',
        '?limit=100',
      )
      expect(seen.status).toBe(200)
      expect(seen.body.docs).toEqual([])
      const instance = await instanceBy(perf)
      // Created hidden: an editor shows it when they publish the event.
      expect(instance).toMatchObject({ hidden: true, availability: 'available' })
      other.state.catalogue.statuses.set(perf, statusJson({ available: 0 }))
      expect((await run()).counts).toMatchObject({ updated: 1 })
      expect((await instanceBy(perf)).availability).toBe('sold_out')
    } finally {
      setOptions({ allowedHosts: [fake.host] })
      await other.stop()
    }
  })
})

describe('owner mode', () => {
  it('signs its calls when the connection has credentials', async () => {
    const credentials = { apiUser: 'sync', apiKey: Buffer.from('a secret key').toString('base64') }
    const owner = await startFakeSpektrix({ clientName: 'owner', credentials })
    setOptions({ allowedHosts: [fake.host, owner.host] })
    const ownerTenant = await payload.create({
      collection: 'tenants',
      data: { name: 'Ticketing Owner', slug: 'ts-owner' },
    })
    owner.state.catalogue.events.push(eventJson({ id: spektrixId(36001), name: 'Owner show' }))
    const run = (key: string) =>
      sync({
        connection: {
          id: 'c-owner',
          tenantId: ownerTenant.id,
          settings: { clientName: 'owner', baseUrl: owner.origin },
          credentials: { apiUser: 'sync', apiKey: key },
        },
      })
    try {
      expect((await run(credentials.apiKey)).status).toBe('succeeded')
      expect(owner.state.refused).toBe(0)
      const wrong = await run(Buffer.from('another key').toString('base64'))
      expect(wrong.status).toBe('failed')
      expect(wrong.message).toMatch(/answered 401/)
    } finally {
      setOptions({ allowedHosts: [fake.host] })
      await owner.stop()
    }
  })
})

describe('images', () => {
  it("imports an event's image while it has none, keeps an editor's, and writes the event without one it cannot fetch", async () => {
    const house = await startFakeSpektrix({ clientName: 'pictures' })
    setOptions({ allowedHosts: [fake.host, house.host] })
    const pictures = await payload.create({
      collection: 'tenants',
      data: { name: 'Ticketing Pictures', slug: 'ts-pictures' },
    })
    const [withImage, unreachable, edited] = [37001, 37002, 37003].map(spektrixId) as [
      string,
      string,
      string,
    ]
    house.state.catalogue.events.push(
      eventJson({ id: withImage, name: 'The Tempest', imageUrl: house.imageUrl('tempest') }),
      // A private address nobody allowed: refused as a partner's media src would be.
      eventJson({ id: unreachable, name: 'Twelfth Night', imageUrl: 'http://10.1.2.3/tn.jpg' }),
      eventJson({ id: edited, name: 'As You Like It', imageUrl: house.imageUrl('ayli') }),
    )
    for (const [i, id] of [withImage, unreachable, edited].entries())
      house.state.catalogue.instances.push(
        instanceJson({ id: spektrixId(69001 + i), eventId: id, start: at(20 + i) }),
      )
    const run = () =>
      sync({
        connection: {
          id: 'c-pictures',
          tenantId: pictures.id,
          settings: { clientName: 'pictures', baseUrl: house.origin },
        },
      })
    try {
      const first = await run()
      expect(first.status).toBe('succeeded')
      expect(first.counts).toMatchObject({ created: 6, failed: 0 })
      const tempest = await eventBy(withImage, pictures.id)
      expect(tempest.image).toBeTruthy()
      const media = await payload.findByID({
        collection: 'media',
        id: String(tempest.image),
        overrideAccess: true,
        depth: 0,
      })
      expect(media).toMatchObject({ alt: 'The Tempest', mimeType: 'image/jpeg', width: 96 })
      expect(String((media.tenant as { id?: string })?.id ?? media.tenant)).toBe(pictures.id)
      // Served under its server-made name, as every upload is.
      const file = await fetch(`${app.origin}${String(media.url)}`)
      expect(file.status).toBe(200)
      expect(file.headers.get('content-type')).toBe('image/jpeg')
      // The unreachable one: the event is there without an image, and the run says why.
      expect((await eventBy(unreachable, pictures.id)).image ?? null).toBeNull()
      expect(first.errors).toEqual([
        expect.objectContaining({
          externalId: unreachable,
          message: expect.stringMatching(/image was not imported.*could not be reached/),
        }),
      ])

      // An editor's own image stays, whatever the box office shows later.
      const ayli = await eventBy(edited, pictures.id)
      const own = await payload.create({
        collection: 'media',
        data: { alt: 'Ours', tenant: pictures.id } as never,
        file: {
          data: await (await fetch(house.imageUrl('ours'))).arrayBuffer().then(Buffer.from),
          mimetype: 'image/jpeg',
          name: 'ours.jpg',
          size: 0,
        },
        overrideAccess: true,
      })
      await payload.update({
        collection: 'events',
        id: ayli.id,
        data: { image: own.id } as never,
        overrideAccess: true,
      })
      house.state.catalogue.events.find((e) => e.id === edited)!.imageUrl = house.imageUrl('new')
      const mediaBefore = await count('media', pictures.id)
      const again = await run()
      expect(again.status).toBe('succeeded')
      expect((await eventBy(edited, pictures.id)).image).toBe(own.id)
      expect((await eventBy(withImage, pictures.id)).image).toBe(tempest.image)
      expect(await count('media', pictures.id)).toBe(mediaBefore)
    } finally {
      setOptions({ allowedHosts: [fake.host] })
      await house.stop()
    }
  })
})

describe('an image the media rules refuse', () => {
  it('writes the event and its performances without it, says why, and does not fetch it again', async () => {
    const house = await startFakeSpektrix({ clientName: 'bigpictures' })
    setOptions({ allowedHosts: [fake.host, house.host] })
    const big = await payload.create({
      collection: 'tenants',
      data: { name: 'Ticketing Big Pictures', slug: 'ts-big-pictures' },
    })
    const show = spektrixId(37101)
    house.state.catalogue.events.push(
      eventJson({ id: show, name: 'Pericles', imageUrl: house.imageUrl('pericles') }),
    )
    house.state.catalogue.instances.push(
      instanceJson({ id: spektrixId(69101), eventId: show, start: at(24) }),
    )
    const run = () =>
      sync({
        connection: {
          id: 'c-big-pictures',
          tenantId: big.id,
          settings: { clientName: 'bigpictures', baseUrl: house.origin },
        },
      })
    const limit = process.env.IMAGE_MAX_PIXELS
    // The stand-in's image is 96 × 64: over a limit of 1,000 pixels.
    process.env.IMAGE_MAX_PIXELS = '1000'
    try {
      const first = await run()
      expect(first.status).toBe('succeeded')
      expect(first.counts).toMatchObject({ created: 2, failed: 0 })
      expect(first.errors).toEqual([
        expect.objectContaining({
          externalId: show,
          message: expect.stringMatching(/image was not imported.*at most 1000 pixels/),
        }),
      ])
      expect((await eventBy(show, big.id)).image ?? null).toBeNull()
      expect(await count('media', big.id)).toBe(0)
      const fetched = () => house.requests().filter((r) => r.startsWith('/images/')).length
      expect(fetched()).toBe(1)
      const again = await run()
      expect(again.counts).toMatchObject({ unchanged: 2, failed: 0 })
      expect(fetched()).toBe(1)
    } finally {
      if (limit === undefined) delete process.env.IMAGE_MAX_PIXELS
      else process.env.IMAGE_MAX_PIXELS = limit
      setOptions({ allowedHosts: [fake.host] })
      await house.stop()
    }
  })
})

describe('what the review of the sync found', () => {
  // A tenant of its own, with a box office of its own, so the cases above keep their season.
  let own: FakeSpektrix
  let reviewTenant: Tenant
  let reviewEditor: User
  const showX = spektrixId(35001)
  const showY = spektrixId(35002)
  const r = {
    x1: spektrixId(68101),
    x2: spektrixId(68102),
    x3: spektrixId(68103),
    y1: spektrixId(68201),
  }
  const reviewConnection = (): Partial<Connection> => ({
    id: 'c-review-' + reviewTenant.id,
    tenantId: reviewTenant.id,
    settings: { clientName: 'reviewtheatre', baseUrl: own.origin },
  })
  const runReview = () => sync({ connection: reviewConnection() })
  const eventOf = async (externalId: string) =>
    String((await eventBy(externalId, reviewTenant.id)).id)
  const setConnected = async (externalId: string, syncConnected: boolean) =>
    payload.update({
      collection: 'events',
      id: await eventOf(externalId),
      data: { spektrix: { syncConnected } } as never,
      overrideAccess: true,
    })
  const looseEvent = async (tenantId: string, title: string) =>
    payload.create({
      collection: 'events',
      data: { tenant: tenantId, title, _status: 'published' } as never,
      overrideAccess: true,
    })
  const reviewRows = async () => ({
    events: await count('events', reviewTenant.id),
    instances: await count('event_instances', reviewTenant.id),
    changes: await count('change_log', reviewTenant.id),
    links: await count('ticketing_links', reviewTenant.id),
  })

  beforeAll(async () => {
    own = await startFakeSpektrix({ clientName: 'reviewtheatre' })
    setOptions({ allowedHosts: [fake.host, own.host] })
    reviewTenant = await createTenant({ payload, slug: 'ts-review', name: 'Ticketing Review' })
    reviewEditor = await createUser({
      payload,
      email: `ts-review-editor-${randomUUID()}@example.com`,
      tenants: [{ tenant: reviewTenant, roles: ['editor'] }],
    })
    const c = own.state.catalogue
    c.events.push(
      eventJson({ id: showX, name: 'Review X' }),
      eventJson({ id: showY, name: 'Review Y' }),
    )
    c.instances.push(
      instanceJson({ id: r.x1, eventId: showX, start: at(3) }),
      instanceJson({ id: r.x2, eventId: showX, start: at(5) }),
      instanceJson({ id: r.x3, eventId: showX, start: at(7) }),
      instanceJson({ id: r.y1, eventId: showY, start: at(4) }),
    )
    c.statuses.set(r.x1, statusJson({ available: 0, capacity: 100 }))
    expect(await runReview()).toMatchObject({ status: 'succeeded', errors: [] })
    expect((await instanceBy(r.x1)).availability).toBe('sold_out')
  })

  afterAll(async () => {
    setOptions({ allowedHosts: [fake.host], maxRecords: optionDefaults.maxRecords })
    await own?.stop()
  })

  it('puts back box-office values changed while the event was paused, then writes nothing', async () => {
    const x1 = await instanceBy(r.x1)
    await setConnected(showX, false)
    await payload.update({
      collection: 'event-instances',
      id: x1.id,
      data: { availability: 'available', onSale: false, startDate: at(3, 10).toISOString() },
      overrideAccess: true,
    })
    await setConnected(showX, true)
    const outcome = await runReview()
    expect(outcome).toMatchObject({ status: 'succeeded', counts: { updated: 1, failed: 0 } })
    const after = await instanceBy(r.x1)
    expect([after.availability, after.onSale, after.startDate]).toEqual([
      'sold_out',
      true,
      at(3).toISOString(),
    ])
    // Nothing moved since: nothing is written, not even the change log.
    const before = await reviewRows()
    expect((await runReview()).counts).toMatchObject({ updated: 0, created: 0, unchanged: 6 })
    expect(await reviewRows()).toEqual(before)
  })

  it('moves a performance back under its event, from a connected event or one that is not, never copying it', async () => {
    const y1 = await instanceBy(r.y1)
    const x2 = await instanceBy(r.x2)
    const loose = await looseEvent(reviewTenant.id, 'Not connected')
    // An admin pauses both events, moves them (the locks are off while paused), connects again.
    await setConnected(showX, false)
    await setConnected(showY, false)
    await payload.update({
      collection: 'event-instances',
      id: y1.id,
      data: { event: await eventOf(showX) },
      overrideAccess: true,
    })
    await payload.update({
      collection: 'event-instances',
      id: x2.id,
      data: { event: loose.id },
      overrideAccess: true,
    })
    await setConnected(showX, true)
    await setConnected(showY, true)
    const outcome = await runReview()
    expect(outcome).toMatchObject({ status: 'succeeded', counts: { created: 0, updated: 2 } })
    // `instanceBy` finds exactly one of each.
    expect(String((await instanceBy(r.y1)).event)).toBe(await eventOf(showY))
    expect(String((await instanceBy(r.x2)).event)).toBe(await eventOf(showX))
  })

  it('refuses an editor moving a synced performance while its event or the other is connected', async () => {
    const x3 = await instanceBy(r.x3)
    const loose = await looseEvent(reviewTenant.id, 'Somewhere else')
    const move = (to: string) =>
      rejectionPaths(
        payload.update({
          collection: 'event-instances',
          id: x3.id,
          data: { event: to },
          ...as(reviewEditor),
        }),
      )
    expect(await move(String(loose.id))).toEqual(['event'])
    // Paused: neither is connected, so an editor may move it, but not under a connected event.
    await setConnected(showX, false)
    expect(await move(String(loose.id))).toEqual(['(accepted)'])
    expect(await move(await eventOf(showY))).toEqual(['event'])
    expect(await move(await eventOf(showX))).toEqual(['(accepted)'])
    await setConnected(showX, true)
    expect(String((await instanceBy(r.x3)).event)).toBe(await eventOf(showX))
  })

  it("refuses an editor changing a connected event's provider id by sending part of its group", async () => {
    expect(
      await rejectionPaths(
        payload.update({
          collection: 'events',
          id: await eventOf(showY),
          data: { spektrix: { eventId: 'SOMETHING-ELSE' } } as never,
          ...as(reviewEditor),
        }),
      ),
    ).toEqual(['spektrix.eventId'])
    expect((await eventBy(showY, reviewTenant.id)).spektrix?.eventId).toBe(showY)
  })

  it('leaves old data in a tenant with no connection to its editors, and unlocks a connection whose links went', async () => {
    const plain = await createTenant({ payload, slug: 'ts-plain', name: 'No connection' })
    const plainEditor = await createUser({
      payload,
      email: `ts-plain-editor-${randomUUID()}@example.com`,
      tenants: [{ tenant: plain, roles: ['editor'] }],
    })
    // As editors typed the link fields in before there was a sync.
    const event = await payload.create({
      collection: 'events',
      data: {
        tenant: plain.id,
        title: 'Typed by hand',
        _status: 'published',
        spektrix: { syncConnected: true, eventId: 'X1', eventSyncType: 'all' },
      } as never,
      overrideAccess: true,
    })
    const performance = await payload.create({
      collection: 'event-instances',
      data: {
        tenant: plain.id,
        event: event.id,
        startDate: at(10).toISOString(),
        ticketingSystem: 'spektrix',
        spektrix: { instanceId: 'I1', eventId: 'X1' },
        availability: 'available',
      } as never,
      overrideAccess: true,
    })
    expect(
      await rejectionPaths(
        payload.update({
          collection: 'event-instances',
          id: performance.id,
          data: { availability: 'sold_out' },
          ...as(plainEditor),
        }),
      ),
    ).toEqual(['(accepted)'])
    expect(
      await rejectionPaths(
        payload.update({
          collection: 'events',
          id: event.id,
          data: { spektrix: { ...event.spektrix, eventId: 'X2' } } as never,
          ...as(plainEditor),
        }),
      ),
    ).toEqual(['(accepted)'])
    // A connection's records are locked while it links them; its links gone, they are not.
    const x1 = await instanceBy(r.x1)
    const edit = () =>
      rejectionPaths(
        payload.update({
          collection: 'event-instances',
          id: x1.id,
          data: { availability: 'limited' },
          ...as(reviewEditor),
        }),
      )
    expect(await edit()).toEqual(['availability'])
    await db().drizzle.execute(
      sql`delete from ticketing_links where connection_id = ${reviewConnection().id!}`,
    )
    expect(await edit()).toEqual(['(accepted)'])
  })

  it('fails a run over TICKETING_MAX_RECORDS before writing anything', async () => {
    const before = await reviewRows()
    setOptions({ maxRecords: 3 })
    const performances = await runReview()
    expect(performances.status).toBe('failed')
    expect(performances.message).toBe(
      'Spektrix lists more than 3 performances in the window; a run takes at most 3 ' +
        "(TICKETING_MAX_RECORDS). Shorten the connection's days ahead, or choose the performances " +
        'of its events. Nothing was changed.',
    )
    setOptions({ maxRecords: 1 })
    expect((await runReview()).message).toMatch(/^Spektrix lists 2 events in the window/)
    expect(await reviewRows()).toEqual(before)
    setOptions({ maxRecords: optionDefaults.maxRecords })
  })
})

describe('a season of 200 events and 2,000 performances', () => {
  // TICKETING_SEASON=off leaves the measure out while iterating on the cases above.
  it.skipIf(process.env.TICKETING_SEASON === 'off')(
    'is imported (timings printed, not asserted)',
    { timeout: 900_000 },
    async () => {
      const big = await startFakeSpektrix({
        clientName: 'season',
        catalogue: makeCatalogue({
          events: 200,
          instancesPerEvent: 10,
          from: new Date(now + 2 * day),
        }),
      })
      setOptions({ allowedHosts: [fake.host, big.host] })
      const seasonTenant = await payload.create({
        collection: 'tenants',
        data: { name: 'Ticketing Season', slug: 'ts-season' },
      })
      const run = () =>
        sync({
          connection: {
            id: 'c-season',
            tenantId: seasonTenant.id,
            settings: { clientName: 'season', baseUrl: big.origin },
            daysAhead: 60,
          },
          deadline: Date.now() + 900_000,
        })
      // The test process's peak resident memory over the three runs, sampled.
      let peak = process.memoryUsage().rss
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss)
      }, 50)
      try {
        let started = performance.now()
        const first = await run()
        const firstS = (performance.now() - started) / 1000
        expect(first.counts).toMatchObject({ created: 2200, failed: 0 })
        // A run's record keeps its first steps only; the counts say the rest.
        expect(first.plan).toHaveLength(200)
        expect(first.message).toBe(
          'The plan lists the first 200 of 2,200 writes; the counts include them all.',
        )
        started = performance.now()
        const again = await run()
        const againS = (performance.now() - started) / 1000
        expect(again.counts).toMatchObject({ unchanged: 2200 })
        for (const instance of big.state.catalogue.instances.slice(0, 100))
          big.state.catalogue.statuses.set(instance.id, statusJson({ available: 0 }))
        started = performance.now()
        const changed = await run()
        const changedS = (performance.now() - started) / 1000
        expect(changed.counts).toMatchObject({ updated: 100, unchanged: 2100 })
        console.log(
          `[ticketing] 200 events / 2,000 performances: first import ${firstS.toFixed(1)} s ` +
            `(${Math.round(2200 / firstS)} writes/s), unchanged rerun ${againS.toFixed(1)} s, ` +
            `100 availability changes ${changedS.toFixed(1)} s; ` +
            `peak RSS ${Math.round(peak / 1024 / 1024)} MiB`,
        )
      } finally {
        clearInterval(sampler)
        setOptions({ allowedHosts: [fake.host] })
        await big.stop()
      }
    },
  )
})
