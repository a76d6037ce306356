import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { postgresOf } from '../../src/db/postgres'
import type { EventInstance, Tenant } from '../../src/payload-types'
import { adminClient, signIn, type AdminClient } from '../helpers/admin'
import { startApp, type RunningApp } from '../helpers/app'
import { getTestPayload } from '../helpers/payload'
import { createTenant, createUser } from '../helpers/tenants'

/**
 * The admin's performances in bulk (`/api/event-instances/bulk`): a season's run from a weekly
 * pattern or a typed list, previewed in the organisation's zone, created all or none; several
 * changed or deleted at once, all or none; only the editor's own organisation's records.
 */
let app: RunningApp
let payload: Payload
let theatre: Tenant
let festival: Tenant
let editor: AdminClient
let outsider: AdminClient
const ids = { event: '', venue: '', festivalVenue: '', festivalEvent: '' }
const password = 'bulk-password-1'
const endpoint = '/api/event-instances/bulk'

/** Tuesdays to Saturdays at 19:30 for six weeks, over the night the clocks go back. */
const season = {
  from: '2027-10-05',
  to: '2027-11-13',
  weekdays: [2, 3, 4, 5, 6],
  times: ['19:30'],
}

const performances = async (event = ids.event): Promise<EventInstance[]> =>
  (
    await payload.find({
      collection: 'event-instances',
      where: { event: { equals: event } },
      sort: 'startDate',
      pagination: false,
      depth: 0,
    })
  ).docs

const logged = async (): Promise<number> => {
  const result = await postgresOf(payload).drizzle.execute<{ n: number }>(
    sql`select count(*)::int as n from change_log where tenant_id = ${theatre.id} and kind = 'event-instances'`,
  )
  return Number(result.rows[0]?.n)
}

beforeAll(async () => {
  app = await startApp()
  payload = await getTestPayload()
  theatre = await createTenant({ payload, slug: 'bulk-theatre' })
  festival = await createTenant({ payload, slug: 'bulk-festival' })
  await payload.update({
    collection: 'tenants',
    id: theatre.id,
    data: { timeZone: 'Europe/London' },
  })
  for (const [email, tenant] of [
    ['bulk-editor@example.com', theatre],
    ['bulk-outsider@example.com', festival],
  ] as const)
    await createUser({ payload, email, password, tenants: [{ tenant, roles: ['editor'] }] })
  editor = await signIn({ origin: app.origin, email: 'bulk-editor@example.com', password })
  outsider = await signIn({ origin: app.origin, email: 'bulk-outsider@example.com', password })
  const make = async (collection: 'events' | 'venues', tenant: Tenant, title: string) =>
    String(
      (
        await payload.create({
          collection,
          data: {
            title,
            tenant: tenant.id,
            ...(collection === 'events' ? { _status: 'published' } : {}),
          },
        } as never)
      ).id,
    )
  ids.event = await make('events', theatre, 'The Tempest')
  ids.venue = await make('venues', theatre, 'Main House')
  ids.festivalVenue = await make('venues', festival, 'Festival Tent')
  ids.festivalEvent = await make('events', festival, 'Festival Gala')
}, 600_000)

afterAll(async () => {
  await app?.stop()
})

describe('adding a run of performances', () => {
  it('previews a pattern in the organisation’s zone and writes nothing', async () => {
    const res = await editor.post(endpoint, {
      event: ids.event,
      pattern: { ...season, except: ['2027-10-27'] },
      durationMinutes: 150,
      preview: true,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const planned = res.body.performances as { local: string; startDate: string; endDate: string }[]
    expect(res.body.timeZone).toBe('Europe/London')
    expect(planned).toHaveLength(29)
    // 19:30 in London is 18:30 UTC before the clocks go back on 31 October, 19:30 after.
    expect(planned.find((p) => p.local === '2027-10-29T19:30')?.startDate).toBe(
      '2027-10-29T18:30:00.000Z',
    )
    expect(planned.find((p) => p.local === '2027-11-02T19:30')).toMatchObject({
      startDate: '2027-11-02T19:30:00.000Z',
      endDate: '2027-11-02T22:00:00.000Z',
    })
    expect(planned.some((p) => p.local.startsWith('2027-10-27'))).toBe(false)
    expect(await performances()).toEqual([])
  })

  it('creates 30 performances at the venue in one request, each as a single create would', async () => {
    const before = await logged()
    const res = await editor.post(endpoint, {
      event: ids.event,
      pattern: season,
      durationMinutes: 150,
      venue: ids.venue,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect((res.body.created as string[]).length).toBe(30)
    const made = await performances()
    expect(made).toHaveLength(30)
    for (const p of made) {
      expect(p).toMatchObject({
        tenant: theatre.id,
        venue: ids.venue,
        startDate_tz: 'Europe/London',
      })
      expect(new Date(p.endDate!).getTime() - new Date(p.startDate).getTime()).toBe(150 * 60_000)
    }
    expect(made[0]?.title).toContain('The Tempest')
    expect((await logged()) - before).toBe(30)
    const event = await payload.findByID({ collection: 'events', id: ids.event, depth: 0 })
    expect(event.firstPerformance).toBe('2027-10-05T18:30:00.000Z')
    expect(event.lastPerformance).toBe('2027-11-13T19:30:00.000Z')
  })

  it('leaves out the times the event has already, and says how many', async () => {
    const res = await editor.post(endpoint, { event: ids.event, pattern: season })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ created: [], skipped: 30 })
    const preview = await editor.post(endpoint, {
      event: ids.event,
      list: '2027-10-05 19:30\n2027-12-01 19:30',
      preview: true,
    })
    expect((preview.body.performances as { exists: boolean }[]).map((p) => p.exists)).toEqual([
      true,
      false,
    ])
  })

  it('refuses a time the clocks skip and unreadable lines, naming each, and creates none', async () => {
    const gap = await editor.post(endpoint, {
      event: ids.event,
      list: '2027-12-02 19:30\n2027-03-28 01:30',
    })
    expect(gap.status).toBe(400)
    expect(gap.body.errors).toEqual([
      {
        field: 'dates.1',
        message: '2027-03-28 01:30 does not exist in Europe/London (the clocks go forward then).',
      },
    ])
    const unreadable = await editor.post(endpoint, {
      event: ids.event,
      list: '2027-12-02 19:30\nnext Tuesday\n2027-12-03 7pm',
    })
    expect(unreadable.status).toBe(400)
    expect((unreadable.body.errors as { field: string }[]).map((e) => e.field)).toEqual([
      'list.2',
      'list.3',
    ])
    expect(await performances()).toHaveLength(30)
  })

  it("creates none when the venue is another organisation's", async () => {
    const res = await editor.post(endpoint, {
      event: ids.event,
      list: '2027-12-02 19:30\n2027-12-03 19:30',
      venue: ids.festivalVenue,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    expect(JSON.stringify(res.body.errors)).toContain('dates.0')
    expect(await performances()).toHaveLength(30)
  })

  it("is a 404 for another organisation's event and a 401 signed out", async () => {
    const res = await outsider.post(endpoint, { event: ids.event, list: '2027-12-02 19:30' })
    expect(res.status).toBe(404)
    const anonymous = adminClient({ origin: app.origin })
    expect(
      (await anonymous.post(endpoint, { event: ids.event, list: '2027-12-02 19:30' })).status,
    ).toBe(401)
    expect(await performances()).toHaveLength(30)
  })
})

describe('what the endpoints refuse before reading anything', () => {
  it('answers ids that are no records, unknown shapes and bodies with 400s naming the field', async () => {
    const cases: [string, unknown, string][] = [
      ['POST', { event: 'abc', list: '2027-12-02 19:30' }, 'event'],
      ['POST', { event: ids.event, list: '2027-12-02 19:30', venue: "1' or '1'='1" }, 'venue'],
      ['POST', { event: ids.event }, 'list'],
      [
        'POST',
        { event: ids.event, list: '2027-12-02 19:30', durationMinutes: -5 },
        'durationMinutes',
      ],
      ['PATCH', { ids: ['not-a-uuid'], change: { hidden: true } }, 'ids'],
      ['PATCH', { ids: [], change: { hidden: true } }, 'ids'],
      ['PATCH', { ids: [ids.event], change: { venue: 'nowhere' } }, 'change.venue'],
      ['DELETE', { ids: 'all' }, 'ids'],
    ]
    for (const [method, body, field] of cases) {
      const res =
        method === 'POST'
          ? await editor.post(endpoint, body)
          : method === 'PATCH'
            ? await editor.patch(endpoint, body)
            : await editor.delete(endpoint, body)
      expect(res.status, `${method} ${JSON.stringify(body)}`).toBe(400)
      expect((res.body.errors as { field: string }[])[0]?.field, JSON.stringify(body)).toBe(field)
    }
    const notJson = await fetch(`${app.origin}${endpoint}`, {
      method: 'POST',
      headers: { authorization: `JWT ${String(editor.token)}`, 'content-type': 'application/json' },
      body: '[1,2',
    })
    expect(notJson.status).toBe(400)
    expect(await performances()).toHaveLength(30)
  })
})

describe('changing several performances at once', () => {
  it('hides, cancels, moves the start time and clears the venue of the chosen ones', async () => {
    const [a, b, c] = await performances()
    const chosen = [a!.id, b!.id, c!.id]
    const hide = await editor.patch(endpoint, {
      // The same one twice is one change, not a refusal.
      ids: [...chosen, a!.id.toUpperCase()],
      change: { hidden: true, cancelled: true },
    })
    expect(hide.status, JSON.stringify(hide.body)).toBe(200)
    const late = (await performances()).filter((p) => p.startDate >= '2027-10-29')
    const move = await editor.patch(endpoint, {
      ids: [late[0]!.id, late[3]!.id],
      change: { startTime: '20:00', venue: null },
    })
    expect(move.status, JSON.stringify(move.body)).toBe(200)
    const after = new Map((await performances()).map((p) => [p.id, p]))
    for (const id of chosen) expect(after.get(id)).toMatchObject({ hidden: true, cancelled: true })
    // 20:00 on each one's own day in London: either side of the clocks going back.
    expect(after.get(late[0]!.id)).toMatchObject({
      startDate: '2027-10-29T19:00:00.000Z',
      endDate: '2027-10-29T21:30:00.000Z',
      venue: null,
    })
    expect(after.get(late[3]!.id)?.startDate).toBe('2027-11-03T20:00:00.000Z')
  })

  it("changes none when one chosen is another organisation's, or the change is unknown", async () => {
    const [festivalOne] = await payload
      .create({
        collection: 'event-instances',
        data: {
          event: ids.festivalEvent,
          tenant: festival.id,
          startDate: '2027-10-10T18:00:00.000Z',
        },
      })
      .then((doc) => [doc])
    const mine = (await performances()).slice(5, 7).map((p) => p.id)
    const res = await editor.patch(endpoint, {
      ids: [...mine, festivalOne!.id],
      change: { hidden: true },
    })
    expect(res.status).toBe(404)
    for (const p of await performances()) if (mine.includes(p.id)) expect(p.hidden).toBe(false)
    const unknown = await editor.patch(endpoint, { ids: mine, change: { colour: 'red' } })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors).toEqual([
      { field: 'change.colour', message: 'Cannot be changed here.' },
    ])
  })

  it('deletes the chosen ones, and the event’s last performance follows', async () => {
    const all = await performances()
    const last = all.slice(-2).map((p) => p.id)
    const res = await editor.delete(endpoint, { ids: last })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await performances()).toHaveLength(28)
    const event = await payload.findByID({ collection: 'events', id: ids.event, depth: 0 })
    expect(event.lastPerformance).toBe(all[27]!.startDate)
    expect((await outsider.delete(endpoint, { ids: [all[0]!.id] })).status).toBe(404)
    expect(await performances()).toHaveLength(28)
  })
})
