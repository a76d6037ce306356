import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Tenant } from '../../src/payload-types'
import { startApp, type RunningApp } from '../helpers/app'
import { createKey, partner } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'
import { createTenant, rejectionPaths } from '../helpers/tenants'

let app: RunningApp
let payload: Payload
let london: Tenant
let newYork: Tenant
let dates: Tenant
let londonClient: ReturnType<typeof partner>
let newYorkClient: ReturnType<typeof partner>
let datesClient: ReturnType<typeof partner>

const withZone = async ({ slug, timeZone }: { slug: string; timeZone: string }) => {
  const tenant = await createTenant({ payload, slug })
  return payload.update({ collection: 'tenants', id: tenant.id, data: { timeZone } })
}

const clientOf = async (tenant: Tenant) =>
  partner({
    origin: app.origin,
    tenant: tenant.slug,
    key: await createKey({ payload, tenants: [tenant], scope: 'write' }),
  })

const created = async (
  client: ReturnType<typeof partner>,
  kind: string,
  body: Record<string, unknown>,
) => {
  const answer = await client.create(kind, body)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body
}

beforeAll(async () => {
  payload = await getTestPayload()
  london = await withZone({ slug: 'times-london', timeZone: 'Europe/London' })
  newYork = await withZone({ slug: 'times-new-york', timeZone: 'America/New_York' })
  dates = await withZone({ slug: 'times-dates', timeZone: 'Europe/London' })
  app = await startApp()
  londonClient = await clientOf(london)
  newYorkClient = await clientOf(newYork)
  datesClient = await clientOf(dates)
})

afterAll(async () => {
  await app?.stop()
})

describe('performances in local time', () => {
  it('answers dates with the offset of their zone, in summer and in winter', async () => {
    const event = await created(londonClient, 'events', { title: 'Hamlet', _status: 'published' })
    const july = await created(londonClient, 'event-instances', {
      event: event.id,
      startDate: '2027-07-10T19:30:00+01:00',
      endDate: '2027-07-10T21:30:00Z',
    })
    expect(july.startDate).toBe('2027-07-10T19:30:00.000+01:00')
    expect(july.endDate).toBe('2027-07-10T22:30:00.000+01:00')
    expect(july.startDate_tz).toBe('Europe/London')
    expect(july.title).toBe('Hamlet — 2027-07-10 19:30')

    const december = await created(londonClient, 'event-instances', {
      event: event.id,
      startDate: '2027-12-10T19:30:00Z',
    })
    expect(december.startDate).toBe('2027-12-10T19:30:00.000+00:00')
    expect(december.title).toBe('Hamlet — 2027-12-10 19:30')

    // Every read answers the same; filters take any instant, with or without an offset.
    const read = await londonClient.get('event-instances', String(july.id))
    expect(read.body.startDate).toBe('2027-07-10T19:30:00.000+01:00')
    const listed = await londonClient.list(
      'event-instances',
      `?where[event][equals]=${String(event.id)}&where[startDate][greater_than]=${encodeURIComponent('2027-07-10T19:29:00+01:00')}&sort=-startDate`,
    )
    expect(listed.status).toBe(200)
    expect(listed.body.docs?.map((d) => d.startDate)).toEqual([
      '2027-12-10T19:30:00.000+00:00',
      '2027-07-10T19:30:00.000+01:00',
    ])
    const none = await londonClient.list(
      'event-instances',
      `?where[event][equals]=${String(event.id)}&where[startDate][greater_than]=2027-12-10T19:30:00.000Z`,
    )
    expect(none.body.docs).toEqual([])
  })

  it('retitles a performance whose start moves, and keeps an editor’s title', async () => {
    const event = await created(londonClient, 'events', {
      title: 'The Seagull',
      _status: 'published',
    })
    const plain = await created(londonClient, 'event-instances', {
      event: event.id,
      startDate: '2027-07-10T19:30:00+01:00',
    })
    const moved = await londonClient.update('event-instances', String(plain.id), {
      startDate: '2027-12-11T14:00:00Z',
    })
    expect(moved.status).toBe(200)
    expect(moved.body.title).toBe('The Seagull — 2027-12-11 14:00')
    expect(moved.body.startDate).toBe('2027-12-11T14:00:00.000+00:00')

    const named = await created(londonClient, 'event-instances', {
      event: event.id,
      title: 'Gala night',
      startDate: '2027-07-12T19:30:00+01:00',
    })
    const kept = await londonClient.update('event-instances', String(named.id), {
      startDate: '2027-07-13T19:30:00+01:00',
    })
    expect(kept.body.title).toBe('Gala night')
  })

  it('gives a performance its tenant’s zone unless it names one, on every surface', async () => {
    const event = await created(newYorkClient, 'events', { title: 'Rent', _status: 'published' })
    const byPartner = await created(newYorkClient, 'event-instances', {
      event: event.id,
      startDate: '2027-07-10T19:30:00-04:00',
    })
    expect(byPartner.startDate_tz).toBe('America/New_York')
    expect(byPartner.startDate).toBe('2027-07-10T19:30:00.000-04:00')
    expect(byPartner.title).toBe('Rent — 2027-07-10 19:30')

    const named = await created(newYorkClient, 'event-instances', {
      event: event.id,
      startDate: '2027-07-10T19:30:00-04:00',
      startDate_tz: 'Europe/Paris',
    })
    expect(named.startDate).toBe('2027-07-11T01:30:00.000+02:00')

    const byLocalApi = await payload.create({
      collection: 'event-instances',
      data: { tenant: newYork.id, event: String(event.id), startDate: '2027-01-05T19:30:00-05:00' },
    })
    expect(byLocalApi.startDate_tz).toBe('America/New_York')
    expect(byLocalApi.title).toBe('Rent — 2027-01-05 19:30')
  })

  it('refuses a zone that is not one', async () => {
    const event = await created(londonClient, 'events', { title: 'Nowhere', _status: 'published' })
    const answer = await londonClient.create('event-instances', {
      event: event.id,
      startDate: '2027-07-10T19:30:00Z',
      startDate_tz: 'Mars/Olympus_Mons',
    })
    expect(answer.status).toBe(400)
    expect(answer.headers.get('content-type')).toBe('application/problem+json')
    expect(JSON.stringify(answer.body)).toContain('startDate_tz')
    expect(
      await rejectionPaths(
        payload.update({
          collection: 'tenants',
          id: london.id,
          data: { timeZone: 'Europe/Londn' },
        }),
      ),
    ).toEqual(['timeZone'])
  })
})

describe('events know their dates', () => {
  const utc = (iso: string): string => new Date(iso).toISOString()

  const datesOf = async (id: unknown) => {
    const answer = await datesClient.get('events', String(id))
    expect(answer.status).toBe(200)
    return [answer.body.firstPerformance, answer.body.lastPerformance]
  }

  it('follow every performance write, and make a "what\'s on" list', async () => {
    const autumn = await created(datesClient, 'events', { title: 'Autumn', _status: 'published' })
    const summer = await created(datesClient, 'events', { title: 'Summer', _status: 'published' })
    const past = await created(datesClient, 'events', { title: 'Past', _status: 'published' })
    expect(await datesOf(autumn.id)).toEqual([null, null])
    const versionsOf = async (id: unknown) =>
      (
        await payload.countVersions({
          collection: 'events',
          where: { parent: { equals: id } },
        })
      ).totalDocs
    expect(await versionsOf(autumn.id)).toBe(1)

    const perform = (event: unknown, startDate: string) =>
      created(datesClient, 'event-instances', { event, startDate })
    const a = await perform(autumn.id, '2027-09-10T19:30:00+01:00')
    const b = await perform(autumn.id, '2027-09-20T19:30:00+01:00')
    const c = await perform(autumn.id, '2027-10-30T19:30:00Z')
    await perform(summer.id, '2027-07-01T19:30:00+01:00')
    await perform(past.id, '2026-01-01T19:30:00Z')
    expect(await datesOf(autumn.id)).toEqual([
      utc('2027-09-10T19:30:00+01:00'),
      utc('2027-10-30T19:30:00Z'),
    ])

    // A partner's values are ignored; the event's own save keeps the real ones.
    const saved = await datesClient.update('events', String(autumn.id), {
      title: 'Autumn season',
      firstPerformance: '2000-01-01T00:00:00Z',
    })
    expect(saved.status).toBe(200)
    expect(saved.body.firstPerformance).toBe(utc('2027-09-10T19:30:00+01:00'))

    // Moving the last, hiding the first, deleting one.
    await datesClient.update('event-instances', String(c.id), {
      startDate: '2027-09-15T19:30:00+01:00',
    })
    expect(await datesOf(autumn.id)).toEqual([
      utc('2027-09-10T19:30:00+01:00'),
      utc('2027-09-20T19:30:00+01:00'),
    ])
    await datesClient.update('event-instances', String(a.id), { hidden: true })
    expect(await datesOf(autumn.id)).toEqual([
      utc('2027-09-15T19:30:00+01:00'),
      utc('2027-09-20T19:30:00+01:00'),
    ])
    expect((await datesClient.remove('event-instances', String(b.id))).status).toBe(204)
    expect(await datesOf(autumn.id)).toEqual([
      utc('2027-09-15T19:30:00+01:00'),
      utc('2027-09-15T19:30:00+01:00'),
    ])

    // Moving a performance to another event changes both.
    await datesClient.update('event-instances', String(c.id), { event: summer.id })
    expect(await datesOf(autumn.id)).toEqual([null, null])
    expect(await datesOf(summer.id)).toEqual([
      utc('2027-07-01T19:30:00+01:00'),
      utc('2027-09-15T19:30:00+01:00'),
    ])
    await datesClient.update('event-instances', String(a.id), { hidden: false })
    expect(await datesOf(autumn.id)).toEqual([
      utc('2027-09-10T19:30:00+01:00'),
      utc('2027-09-10T19:30:00+01:00'),
    ])

    // The draft (latest version) holds them too, and no performance write made a version.
    const draft = await payload.findByID({
      collection: 'events',
      id: String(autumn.id),
      draft: true,
    })
    expect(draft.firstPerformance).toBe(utc('2027-09-10T19:30:00+01:00'))
    // One version more: the event's own save.
    expect(await versionsOf(autumn.id)).toBe(2)

    const whatsOn = await datesClient.list(
      'events',
      `?where[lastPerformance][greater_than_equal]=${encodeURIComponent('2027-01-01T00:00:00+00:00')}&sort=firstPerformance`,
    )
    expect(whatsOn.status).toBe(200)
    expect(whatsOn.body.docs?.map((d) => d.title)).toEqual(['Summer', 'Autumn season'])
  })
})
