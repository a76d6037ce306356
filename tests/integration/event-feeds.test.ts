import { randomUUID } from 'node:crypto'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { EventInstance, Tenant } from '../../src/payload-types'
import { makeImage } from '../../src/seed/images'
import { paragraph, richText } from '../../src/seed/richText'
import { startApp, waitUntil, type RunningApp } from '../helpers/app'
import { checkGoogleEvent } from '../helpers/googleEvent'
import { foldedLines, parseCalendar, unfold, type ParsedEntry } from '../helpers/icalendar'
import { createKey, partner, partnerBase } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'

/**
 * What a search engine and a calendar read of a theatre's listings: an event's performances as
 * schema.org JSON-LD checked against Google's Event rules, and the iCalendar feeds parsed back
 * with another library, across a daylight saving change, a reschedule, a cancellation and an
 * edit; only published records, visible performances and the path's tenant.
 */
let app: RunningApp
let payload: Payload
let theatre: Tenant
let other: Tenant
const keys = { read: '', write: '', otherRead: '' }
const ids = {
  event: '',
  draftEvent: '',
  longEvent: '',
  allDayEvent: '',
  otherEvent: '',
  venue: '',
  hall: '',
  season: '',
  series: '',
  work: '',
}
const shows: Record<
  'before' | 'after' | 'cancelled' | 'moved' | 'hidden' | 'long' | 'allDay' | 'draft' | 'other',
  EventInstance
> = {} as never

const zone = 'Europe/Amsterdam'
// The European change of 2027 is on Sunday 31 October: 19:30 is +02:00 before it, +01:00 after.
const beforeChange = '2027-10-30T17:30:00.000Z'
const afterChange = '2027-11-01T18:30:00.000Z'
const longTitle = `Één “Ωραία” voorstelling — 漢字とかなの劇場 ${'ümlaut ✓ '.repeat(12)}`.trim()

const get = async ({
  path,
  key,
  headers = {},
}: {
  path: string
  key?: string
  headers?: Record<string, string>
}) => {
  const res = await fetch(`${app.origin}${partnerBase}/${path}`, {
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
  })
  return { status: res.status, headers: res.headers, text: await res.text() }
}

const graphOf = async (id: string, key = keys.read) => {
  const res = await get({ path: `fd-theatre/events/${id}/jsonld`, key })
  expect(res.status, res.text).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/ld+json')
  return JSON.parse(res.text) as { '@context': string; '@graph': Record<string, unknown>[] }
}

const feedOf = async (query = '', key: string | undefined = keys.read) => {
  const res = await get({ path: `fd-theatre/calendar.ics${query}`, key })
  expect(res.status, res.text).toBe(200)
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
  return { text: res.text, ...parseCalendar(res.text) }
}

const byId = (entries: ParsedEntry[], show: EventInstance): ParsedEntry | undefined =>
  entries.find((entry) => entry.uid.startsWith(`${show.id}@`))

const performance = (data: Partial<EventInstance> & { event: string; startDate: string }) =>
  payload.create({
    collection: 'event-instances',
    data: { tenant: theatre.id, venue: ids.venue, ...data },
  })

beforeAll(async () => {
  payload = await getTestPayload()
  theatre = await payload.create({
    collection: 'tenants',
    data: {
      name: 'Feeds Theatre',
      slug: 'fd-theatre',
      timeZone: zone,
      website: 'https://www.feeds-theatre.example',
    },
  })
  other = await payload.create({
    collection: 'tenants',
    data: { name: 'Other House', slug: 'fd-other', timeZone: zone, publicCalendarFeeds: true },
  })
  keys.read = await createKey({ payload, tenants: [theatre], scope: 'read' })
  keys.write = await createKey({ payload, tenants: [theatre], scope: 'write' })
  keys.otherRead = await createKey({ payload, tenants: [other], scope: 'read' })

  const picture = Buffer.from(await makeImage({ width: 1200, height: 800, label: 'poster' }))
  const media = await payload.create({
    collection: 'media',
    data: { tenant: theatre.id, alt: 'Poster' },
    file: { data: picture, mimetype: 'image/png', name: 'poster.png', size: picture.length },
  })
  const place = (title: string, street: string) =>
    payload.create({
      collection: 'venues',
      data: {
        tenant: theatre.id,
        title,
        address: {
          streetAddress: street,
          locality: 'Amsterdam',
          postalCode: '1017 PN',
          country: 'NL',
        },
      },
    })
  ids.venue = (await place('Main Stage', 'Leidseplein 26')).id
  ids.hall = (await place('Small Hall', 'Marnixstraat 1')).id
  ids.season = (
    await payload.create({
      collection: 'seasons',
      data: { tenant: theatre.id, title: 'Season 27' },
    })
  ).id
  ids.series = (
    await payload.create({ collection: 'series', data: { tenant: theatre.id, title: 'Classics' } })
  ).id
  ids.work = (
    await payload.create({ collection: 'works', data: { tenant: theatre.id, title: 'Hamlet' } })
  ).id

  const event = await payload.create({
    collection: 'events',
    data: {
      tenant: theatre.id,
      title: 'Hamlet live',
      _status: 'published',
      description: richText(paragraph('A prince, a ghost and a play within the play.')),
      work: ids.work,
      season: ids.season,
      series: ids.series,
      image: media.id,
      booking: { bookingLinkURL: 'https://tickets.feeds-theatre.example/hamlet' },
      lineup: { eventType: 'Theatre' },
    },
  })
  ids.event = event.id
  shows.before = await performance({
    event: event.id,
    startDate: beforeChange,
    endDate: '2027-10-30T20:00:00.000Z',
    availability: 'available',
    onSale: true,
    booking: { bookingLinkURL: 'https://tickets.feeds-theatre.example/hamlet/30-oct' },
    lineup: {
      pricing: { price: 25, currency: 'EUR' },
      availability: { saleStart: '2027-06-01T08:00:00.000Z' },
    },
  })
  shows.after = await performance({
    event: event.id,
    startDate: afterChange,
    endDate: '2027-11-01T21:00:00.000Z',
    availability: 'sold_out',
  })
  shows.cancelled = await performance({
    event: event.id,
    venue: ids.hall,
    startDate: '2027-11-02T18:30:00.000Z',
    availability: 'available',
    cancelled: true,
  })
  const moved = await performance({
    event: event.id,
    startDate: '2027-11-03T18:30:00.000Z',
    availability: 'limited',
  })
  shows.moved = await payload.update({
    collection: 'event-instances',
    id: moved.id,
    data: { startDate: '2027-11-05T18:30:00.000Z' },
  })
  shows.hidden = await performance({
    event: event.id,
    startDate: '2027-11-04T18:30:00.000Z',
    hidden: true,
  })
  // A draft saved over the live event: its words must not reach a feed.
  await payload.update({
    collection: 'events',
    id: event.id,
    data: { title: 'Hamlet with unapproved prices' },
    draft: true,
  })

  const long = await payload.create({
    collection: 'events',
    data: { tenant: theatre.id, title: longTitle, _status: 'published' },
  })
  ids.longEvent = long.id
  shows.long = await performance({ event: long.id, startDate: '2027-12-01T19:00:00.000Z' })

  // Dates without times: an open house over two days.
  const allDay = await payload.create({
    collection: 'events',
    data: { tenant: theatre.id, title: 'Open house', _status: 'published', hideStartTime: true },
  })
  ids.allDayEvent = allDay.id
  shows.allDay = await performance({
    event: allDay.id,
    startDate: '2027-12-05T10:00:00.000Z',
    endDate: '2027-12-06T16:00:00.000Z',
  })

  const draft = await payload.create({
    collection: 'events',
    data: { tenant: theatre.id, title: 'Unannounced', _status: 'draft' },
    draft: true,
  })
  ids.draftEvent = draft.id
  shows.draft = await performance({ event: draft.id, startDate: '2027-11-10T18:30:00.000Z' })

  const otherEvent = await payload.create({
    collection: 'events',
    data: { tenant: other.id, title: 'Elsewhere', _status: 'published' },
  })
  ids.otherEvent = otherEvent.id
  shows.other = await payload.create({
    collection: 'event-instances',
    data: { tenant: other.id, event: otherEvent.id, startDate: '2027-11-06T18:30:00.000Z' },
  })
  app = await startApp()
})

afterAll(async () => {
  await app?.stop()
})

describe('schema.org JSON-LD of an event', () => {
  it("passes Google's required Event properties and carries the recommended ones it knows", async () => {
    const graph = await graphOf(ids.event)
    expect(graph['@context']).toBe('https://schema.org')
    const nodes = graph['@graph']
    // One Event per visible performance, earliest first; the hidden one is absent.
    expect(nodes.map((node) => String(node['@id']).split('#')[1])).toEqual([
      shows.before.id,
      shows.after.id,
      shows.cancelled.id,
      shows.moved.id,
    ])
    const noPrice = ['offers.price', 'offers.priceCurrency', 'offers.validFrom']
    // The CMS records no performers; the rest is missing only where the data has none.
    // The cancelled and the moved performance were given no end.
    const noEnd = ['endDate', ...noPrice, 'performer']
    const expected = [['performer'], [...noPrice, 'performer'], noEnd, noEnd]
    nodes.forEach((node, index) => {
      const verdict = checkGoogleEvent(node)
      expect(verdict.missingRequired, JSON.stringify(node)).toEqual([])
      expect(verdict.problems, JSON.stringify(node)).toEqual([])
      expect(verdict.missingRecommended, JSON.stringify(node)).toEqual(expected[index])
    })
  })

  it('says what the records say: type, local offsets, place, offers, status, work, season', async () => {
    const [before, after, cancelled, moved] = (await graphOf(ids.event))['@graph'] as Record<
      string,
      unknown
    >[]
    expect(before).toMatchObject({
      '@type': 'TheaterEvent',
      name: 'Hamlet live',
      url: 'https://www.feeds-theatre.example/events/hamlet-live',
      startDate: '2027-10-30T19:30:00.000+02:00',
      endDate: '2027-10-30T22:00:00.000+02:00',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      eventStatus: 'https://schema.org/EventScheduled',
      description: 'A prince, a ghost and a play within the play.',
      location: {
        '@type': 'Place',
        name: 'Main Stage',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Leidseplein 26',
          addressLocality: 'Amsterdam',
          postalCode: '1017 PN',
          addressCountry: 'NL',
        },
      },
      offers: {
        '@type': 'Offer',
        url: 'https://tickets.feeds-theatre.example/hamlet/30-oct',
        price: 25,
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        validFrom: '2027-06-01T10:00:00.000+02:00',
      },
      organizer: {
        '@type': 'Organization',
        name: 'Feeds Theatre',
        url: 'https://www.feeds-theatre.example',
      },
      workPerformed: { '@type': 'CreativeWork', name: 'Hamlet' },
      superEvent: [
        { '@type': 'EventSeries', name: 'Season 27' },
        { '@type': 'EventSeries', name: 'Classics' },
      ],
    })
    expect(before?.image).toEqual(
      expect.arrayContaining([expect.stringMatching(/^https?:\/\/.+\.png$/)]),
    )
    expect(after).toMatchObject({
      startDate: '2027-11-01T19:30:00.000+01:00',
      offers: {
        url: 'https://tickets.feeds-theatre.example/hamlet',
        availability: 'https://schema.org/SoldOut',
      },
    })
    expect(cancelled).toMatchObject({
      eventStatus: 'https://schema.org/EventCancelled',
      location: { name: 'Small Hall', address: { streetAddress: 'Marnixstraat 1' } },
      offers: { availability: 'https://schema.org/Discontinued' },
    })
    expect(moved).toMatchObject({
      startDate: '2027-11-05T19:30:00.000+01:00',
      eventStatus: 'https://schema.org/EventRescheduled',
      previousStartDate: '2027-11-03T19:30:00.000+01:00',
      offers: { availability: 'https://schema.org/LimitedAvailability' },
    })
  })

  it('is the same 404 for a draft, another tenant, an unknown id; 403 for a foreign key; 304', async () => {
    const answers = await Promise.all(
      [ids.draftEvent, ids.otherEvent, randomUUID(), 'not-a-uuid'].map((id) =>
        get({ path: `fd-theatre/events/${id}/jsonld`, key: keys.read }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404])
    expect(new Set(answers.slice(0, 3).map((a) => JSON.parse(a.text).title)).size).toBe(1)
    expect(
      (await get({ path: `fd-theatre/events/${ids.event}/jsonld`, key: keys.otherRead })).status,
    ).toBe(403)
    expect((await get({ path: `fd-theatre/events/${ids.event}/jsonld` })).status).toBe(401)
    expect(
      (await get({ path: `fd-theatre/events/${ids.event}/jsonld?draft=true`, key: keys.write }))
        .status,
    ).toBe(400)
    const first = await get({ path: `fd-theatre/events/${ids.event}/jsonld`, key: keys.read })
    const etag = first.headers.get('etag') ?? ''
    expect(etag).not.toBe('')
    const again = await get({
      path: `fd-theatre/events/${ids.event}/jsonld`,
      key: keys.read,
      headers: { 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
  })
})

describe('iCalendar feeds', () => {
  it('hold the visible performances of published events, each in its zone across the DST change', async () => {
    const feed = await feedOf()
    const uids = feed.entries.map((entry) => entry.uid.split('@')[0])
    expect(uids).toEqual([
      shows.before.id,
      shows.after.id,
      shows.cancelled.id,
      shows.moved.id,
      shows.long.id,
      shows.allDay.id,
    ])
    expect(feed.zones).toEqual([zone])
    const before = byId(feed.entries, shows.before)
    const after = byId(feed.entries, shows.after)
    // The instants a client computes through the VTIMEZONE are the stored ones.
    expect(before).toMatchObject({ tzid: zone, start: beforeChange, status: 'CONFIRMED' })
    expect(before?.end).toBe('2027-10-30T20:00:00.000Z')
    expect(after).toMatchObject({ tzid: zone, start: afterChange })
    expect(feed.text).toContain(`DTSTART;TZID=${zone}:20271030T193000`)
    expect(feed.text).toContain(`DTSTART;TZID=${zone}:20271101T193000`)
    expect(before).toMatchObject({
      summary: 'Hamlet live',
      description: 'A prince, a ghost and a play within the play.',
      location: 'Main Stage, Leidseplein 26, 1017 PN Amsterdam, NL',
      url: 'https://tickets.feeds-theatre.example/hamlet/30-oct',
    })
    expect(byId(feed.entries, shows.cancelled)?.status).toBe('CANCELLED')
    expect(byId(feed.entries, shows.moved)?.start).toBe('2027-11-05T18:30:00.000Z')
    expect(feed.text).not.toContain('unapproved')
    expect(feed.text).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r$/m)
  })

  it('folds lines at 75 octets, and a long multi-byte title unfolds to itself', async () => {
    const feed = await feedOf(`?event=${ids.longEvent}`)
    const over = foldedLines(feed.text).filter((line) => Buffer.byteLength(line, 'utf8') > 75)
    expect(over).toEqual([])
    expect(Buffer.byteLength(longTitle, 'utf8')).toBeGreaterThan(150)
    expect(unfold(feed.text)).toContain(`SUMMARY:${longTitle}\r\n`)
    expect(feed.entries.map((entry) => entry.summary)).toEqual([longTitle])
  })

  it("gives an all-day event's performances as dates, in JSON-LD and as all-day entries", async () => {
    const [node] = (await graphOf(ids.allDayEvent))['@graph']
    expect(node).toMatchObject({ startDate: '2027-12-05', endDate: '2027-12-06' })
    expect(checkGoogleEvent(node!)).toMatchObject({ missingRequired: [], problems: [] })
    const feed = await feedOf(`?event=${ids.allDayEvent}`)
    expect(feed.text).toContain('DTSTART;VALUE=DATE:20271205\r\n')
    // DTEND of dates is exclusive: the day after the last.
    expect(feed.text).toContain('DTEND;VALUE=DATE:20271207\r\n')
    expect(feed.entries.map((entry) => entry.summary)).toEqual(['Open house'])
  })

  it('narrow by venue, season, series and event; bad parameters are 400 naming them', async () => {
    const uidsOf = async (query: string) =>
      (await feedOf(query)).entries.map((entry) => entry.uid.split('@')[0])
    expect(await uidsOf(`?venue=${ids.hall}`)).toEqual([shows.cancelled.id])
    expect(await uidsOf(`?season=${ids.season}&venue=${ids.venue}`)).toEqual([
      shows.before.id,
      shows.after.id,
      shows.moved.id,
    ])
    expect(await uidsOf(`?series=${ids.series}`)).toHaveLength(4)
    expect(await uidsOf(`?event=${ids.longEvent}`)).toEqual([shows.long.id])
    expect(await uidsOf(`?event=${ids.draftEvent}`)).toEqual([])
    expect(await uidsOf(`?event=${ids.otherEvent}`)).toEqual([])
    for (const [query, field] of [
      ['?colour=red', 'colour'],
      ['?venue=main-stage', 'venue'],
      [`?event=${ids.event}&event=${ids.longEvent}`, 'event'],
    ] as const) {
      const res = await get({ path: `fd-theatre/calendar.ics${query}`, key: keys.read })
      expect(res.status, query).toBe(400)
      expect(res.headers.get('content-type')).toMatch(/problem\+json/)
      expect(JSON.parse(res.text).errors).toEqual([expect.objectContaining({ field })])
    }
  })

  it('keep each UID across a change while SEQUENCE rises; one performance answers the same entry', async () => {
    const first = byId((await feedOf()).entries, shows.after)!
    const single = await get({
      path: `fd-theatre/event-instances/${shows.after.id}/ics`,
      key: keys.read,
    })
    expect(single.status).toBe(200)
    const [alone] = parseCalendar(single.text).entries
    expect(alone).toMatchObject({ uid: first.uid, sequence: first.sequence, start: afterChange })
    // SEQUENCE counts seconds: the change comes in a later second than the creation.
    await new Promise((r) => setTimeout(r, 1100))
    const changed = await partner({
      origin: app.origin,
      tenant: 'fd-theatre',
      key: keys.write,
    }).update('event-instances', shows.after.id, { startDate: '2027-11-01T19:00:00.000Z' })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    const later = byId((await feedOf()).entries, shows.after)!
    expect(later.uid).toBe(first.uid)
    expect(later.sequence).toBeGreaterThan(first.sequence)
    expect(later.start).toBe('2027-11-01T19:00:00.000Z')
    const [again] = parseCalendar(
      (await get({ path: `fd-theatre/event-instances/${shows.after.id}/ics`, key: keys.read }))
        .text,
    ).entries
    expect(again).toMatchObject({ uid: first.uid, sequence: later.sequence })
  })

  it('a performance moved before its event is published was never rescheduled', async () => {
    const moved = await payload.update({
      collection: 'event-instances',
      id: shows.draft.id,
      data: { startDate: '2027-11-11T18:30:00.000Z' },
    })
    expect(moved.previousStartDate ?? null).toBeNull()
    // The published one keeps its first start through a second move.
    const again = await payload.update({
      collection: 'event-instances',
      id: shows.moved.id,
      data: { startDate: '2027-11-06T18:30:00.000Z' },
    })
    expect(again.previousStartDate).toBe('2027-11-03T18:30:00.000Z')
    const back = await payload.update({
      collection: 'event-instances',
      id: shows.moved.id,
      data: { startDate: '2027-11-05T18:30:00.000Z' },
    })
    expect(back.previousStartDate).toBe('2027-11-03T18:30:00.000Z')
  })

  it('one performance: hidden, unpublished and foreign ones are the same 404', async () => {
    for (const show of [shows.hidden, shows.draft, shows.other])
      expect(
        (await get({ path: `fd-theatre/event-instances/${show.id}/ics`, key: keys.read })).status,
        show.id,
      ).toBe(404)
    const cancelled = await get({
      path: `fd-theatre/event-instances/${shows.cancelled.id}/ics`,
      key: keys.read,
    })
    expect(parseCalendar(cancelled.text).entries[0]?.status).toBe('CANCELLED')
  })

  it('answer without a key only where the tenant publishes them; a foreign key is 403', async () => {
    const keyless = ['fd-theatre/calendar.ics', `fd-theatre/event-instances/${shows.before.id}/ics`]
    const unknown = await get({ path: 'fd-nobody/calendar.ics' })
    expect(unknown.status).toBe(401)
    for (const path of keyless) {
      const refused = await get({ path })
      expect(refused.status, path).toBe(401)
      // The same answer an unknown tenant gets: nothing tells the tenant exists.
      expect(JSON.parse(refused.text).detail).toBe(JSON.parse(unknown.text).detail)
      expect(refused.headers.get('www-authenticate')).toBe(unknown.headers.get('www-authenticate'))
      expect((await get({ path, key: keys.otherRead })).status, path).toBe(403)
    }
    // The other tenant publishes its feed: keyless reads it, and only its own records.
    const otherFeed = await get({ path: 'fd-other/calendar.ics' })
    expect(otherFeed.status).toBe(200)
    expect(parseCalendar(otherFeed.text).entries.map((e) => e.summary)).toEqual(['Elsewhere'])
    expect((await get({ path: `fd-other/event-instances/${shows.before.id}/ics` })).status).toBe(
      404,
    )

    await payload.update({
      collection: 'tenants',
      id: theatre.id,
      data: { publicCalendarFeeds: true },
    })
    await waitUntil({
      check: async () => (await get({ path: 'fd-theatre/calendar.ics' })).status === 200,
      timeoutMs: 40_000,
      what: 'the keyless feed once the tenant publishes it',
    })
    const open = await get({ path: 'fd-theatre/calendar.ics' })
    const keyed = await get({ path: 'fd-theatre/calendar.ics', key: keys.read })
    expect(open.text).toBe(keyed.text)
    expect(open.headers.get('etag')).toBe(keyed.headers.get('etag'))
    const revalidated = await get({
      path: 'fd-theatre/calendar.ics',
      headers: { 'if-none-match': open.headers.get('etag') ?? '' },
    })
    expect(revalidated.status).toBe(304)
    expect((await get({ path: `fd-theatre/event-instances/${shows.before.id}/ics` })).status).toBe(
      200,
    )
    // JSON-LD is for websites, which hold a key: it never answers without one.
    expect((await get({ path: `fd-theatre/events/${ids.event}/jsonld` })).status).toBe(401)
    // A key is judged by itself, never by the tenant's openness.
    expect((await get({ path: 'fd-theatre/calendar.ics', key: keys.otherRead })).status).toBe(403)
    expect((await get({ path: 'fd-theatre/calendar.ics', key: 'sk_live_not-a-key' })).status).toBe(
      401,
    )
  })
})
