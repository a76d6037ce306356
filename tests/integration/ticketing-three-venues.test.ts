import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { postgresOf } from '../../src/db/postgres'
import type { Tenant } from '../../src/payload-types'
import { startApp, waitUntil, type RunningApp } from '../helpers/app'
import { lineUpEventJson, lineUpPerformanceJson, startFakeLineUp } from '../helpers/fakeLineUp'
import { makeCatalogue, startFakeSpektrix, statusJson } from '../helpers/fakeSpektrix'
import { makeTessituraCatalogue, startFakeTessitura } from '../helpers/fakeTessitura'
import { createKey, partner } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'
import { createTenant } from '../helpers/tenants'

/**
 * Three venues on three box offices, as their managers and their websites meet them: each
 * connects its box office through the partner API, imports, lets availability change and a
 * performance be cancelled at the box office, and reads what a website reads, through the app's
 * own runner (a separate process, as in production) and real HTTP throughout.
 */

type Venue = {
  slug: string
  tenant: Tenant
  writeKey: string
  readKey: string
  connection: Record<string, unknown>
  /** Box-office ids of its three performances, soonest first. */
  performances: string[]
  sellOut: (id: string) => void
  cancel: (id: string) => void
  bookingLink: RegExp
}

const day = 86_400_000
const soon = new Date(Date.now() + 2 * day)
const isoDay = (at: Date): string => at.toISOString().slice(0, 10)

let payload: Payload
let app: RunningApp
const stops: (() => Promise<void>)[] = []
const venues: Record<'spektrix' | 'tessitura' | 'lineup', Venue> = {} as never

const instanceId = (doc: Record<string, unknown>, provider: keyof typeof venues): string => {
  const group = (doc[provider] ?? {}) as Record<string, unknown>
  return String(
    provider === 'spektrix'
      ? group.instanceId
      : provider === 'tessitura'
        ? group.performanceId
        : group.ticketId,
  )
}

const websiteReads = async (venue: Venue): Promise<Record<string, unknown>[]> => {
  const answer = await partner({ origin: app.origin, tenant: venue.slug, key: venue.readKey }).list(
    'event-instances',
    '?limit=100',
  )
  expect(answer.status).toBe(200)
  return answer.body.docs ?? []
}

const runToEnd = async ({
  venue,
  body,
}: {
  venue: Venue
  body: Record<string, unknown>
}): Promise<Record<string, unknown>> => {
  const client = partner({ origin: app.origin, tenant: venue.slug, key: venue.writeKey })
  const started = await client.call(
    'POST',
    `/ticketing-connections/${String(venue.connection.id)}/sync`,
    body,
  )
  expect(started.status).toBe(202)
  const runId = String(started.body.id)
  let run: Record<string, unknown> = {}
  await waitUntil({
    what: `the ${venue.slug} run to end`,
    timeoutMs: 60_000,
    check: async () => {
      run = (await client.get('ticketing-sync-runs', runId)).body
      return run.status === 'succeeded' || run.status === 'failed'
    },
  })
  expect(run).toMatchObject({ status: 'succeeded' })
  return run
}

beforeAll(async () => {
  payload = await getTestPayload()
  // The app's runner claims and schedules across tenants, and the integration files share one
  // database: what earlier files left is put out of its way.
  const db = postgresOf(payload).drizzle
  await db.execute(sql`update ticketing_connections set active = false`)
  await db.execute(
    sql`update ticketing_sync_runs set status = 'failed', finished_at = now()
      where status in ('queued', 'running')`,
  )

  const spektrix = await startFakeSpektrix({
    clientName: 'harbourhouse',
    catalogue: makeCatalogue({ events: 1, instancesPerEvent: 3, from: soon }),
  })
  const tessitura = await startFakeTessitura({
    catalogue: makeTessituraCatalogue({ seasons: 1, perSeason: 3, from: soon }),
  })
  const lineup = await startFakeLineUp({
    apiKey: 'lu-venue-key',
    events: [lineUpEventJson({ id: 151, name: 'The Seagull' })],
    performances: [0, 1, 2].map((n) =>
      lineUpPerformanceJson({
        id: 9001 + n,
        eventId: 151,
        startDate: isoDay(new Date(soon.getTime() + n * day)),
      }),
    ),
  })
  stops.push(spektrix.stop, tessitura.close, lineup.stop)
  app = await startApp({
    env: {
      TICKETING_RUNNER: 'on',
      TICKETING_POLL_MS: '300',
      TICKETING_ALLOWED_HOSTS: [spektrix.host, tessitura.host, lineup.host].join(','),
    },
  })

  const connect = async ({
    slug,
    body,
  }: {
    slug: string
    body: Record<string, unknown>
  }): Promise<Omit<Venue, 'performances' | 'sellOut' | 'cancel' | 'bookingLink'>> => {
    const tenant = await createTenant({ payload, slug })
    const writeKey = await createKey({ payload, tenants: [tenant], scope: 'write' })
    const readKey = await createKey({ payload, tenants: [tenant], scope: 'read' })
    const created = await partner({ origin: app.origin, tenant: slug, key: writeKey }).create(
      'ticketing-connections',
      { importNewEvents: true, syncEveryMinutes: 0, availabilityEveryMinutes: 0, ...body },
    )
    expect(created.status).toBe(201)
    return { slug, tenant, writeKey, readKey, connection: created.body }
  }

  const spektrixCatalogue = spektrix.state.catalogue
  venues.spektrix = {
    ...(await connect({
      slug: 'tv-harbour',
      body: {
        name: 'Harbour House box office',
        provider: 'spektrix',
        spektrix: { clientName: 'harbourhouse', baseUrl: spektrix.origin },
      },
    })),
    performances: spektrixCatalogue.instances.map((i) => i.id),
    sellOut: (id) =>
      spektrixCatalogue.statuses.set(id, statusJson({ available: 0, capacity: 300 })),
    cancel: (id) =>
      Object.assign(
        spektrixCatalogue.instances.find((i) => i.id === id)!,
        {
          cancelled: true,
          isOnSale: false,
        },
      ),
    bookingLink: /^https:\/\/system\.spektrix\.com\/harbourhouse\/website\/ChooseSeats\.aspx/,
  }
  venues.tessitura = {
    ...(await connect({
      slug: 'tv-opera',
      body: {
        name: 'Opera House TessituraService',
        provider: 'tessitura',
        tessitura: { baseUrl: tessitura.baseUrl, tnewAddress: 'https://tickets.opera.example' },
        credentials: tessitura.credentials,
      },
    })),
    performances: tessitura.catalogue.performances.map((p) => String(p.PerformanceId)),
    sellOut: (id) => tessitura.sellOut(Number(id)),
    cancel: (id) => tessitura.cancel(Number(id)),
    bookingLink: /^https:\/\/tickets\.opera\.example\/5000\/\d+$/,
  }
  venues.lineup = {
    ...(await connect({
      slug: 'tv-studio',
      body: {
        name: 'Studio Line-Up',
        provider: 'lineup',
        lineup: {
          baseUrl: lineup.baseUrl,
          bookingLinkTemplate: 'https://book.studio.example/{eventId}/{performanceId}',
        },
        credentials: { apiKey: 'lu-venue-key' },
      },
    })),
    performances: ['9001', '9002', '9003'],
    sellOut: (id) => lineup.sellOut(Number(id)),
    cancel: (id) => lineup.cancel(Number(id)),
    bookingLink: /^https:\/\/book\.studio\.example\/151\/900\d$/,
  }
}, 300_000)

afterAll(async () => {
  await app?.stop()
  for (const stop of stops) await stop().catch(() => undefined)
})

describe.each(['spektrix', 'tessitura', 'lineup'] as const)('a venue on %s', (provider) => {
  it('connects without its credentials ever being answered', async () => {
    const venue = venues[provider]
    const answered = await partner({
      origin: app.origin,
      tenant: venue.slug,
      key: venue.writeKey,
    }).get('ticketing-connections', String(venue.connection.id))
    expect(answered.status).toBe(200)
    const text = JSON.stringify(answered.body)
    for (const secret of ['s3cret:pw', 'lu-venue-key']) expect(text).not.toContain(secret)
    expect(answered.body).not.toHaveProperty('credentials')
  })

  it('imports its performances, each with its booking link, for the website to read', async () => {
    const venue = venues[provider]
    const run = await runToEnd({ venue, body: {} })
    expect(run).toMatchObject({ kind: 'sync', counts: { created: 4, failed: 0 } })
    await waitUntil({
      what: 'the website to read the imported performances',
      timeoutMs: 10_000,
      check: async () => (await websiteReads(venue)).length === 3,
    })
    const read = await websiteReads(venue)
    expect(read.map((doc) => instanceId(doc, provider)).sort()).toEqual(
      [...venue.performances].sort(),
    )
    for (const doc of read) {
      expect(doc).toMatchObject({ ticketingSystem: provider, availability: 'available' })
      expect(String(doc.bookingUrl)).toMatch(venue.bookingLink)
      expect(doc.bookingUrl).toBe(doc.ticketingUrl)
      expect(typeof doc.providerStatus).toBe('string')
    }
  })

  it('shows a sale and a cancellation after one availability refresh', async () => {
    const venue = venues[provider]
    const [sold, , cancelled] = venue.performances as [string, string, string]
    venue.sellOut(sold)
    venue.cancel(cancelled)
    const run = await runToEnd({ venue, body: { kind: 'availability' } })
    expect(run).toMatchObject({
      kind: 'availability',
      counts: { updated: 1, cancelled: 1, created: 0, failed: 0 },
    })
    const byId = async () =>
      new Map((await websiteReads(venue)).map((doc) => [instanceId(doc, provider), doc]))
    await waitUntil({
      what: 'the website to read the sale',
      timeoutMs: 10_000,
      check: async () => (await byId()).get(sold)?.availability === 'sold_out',
    })
    const read = await byId()
    expect(read.get(sold)).toMatchObject({ availability: 'sold_out', cancelled: false })
    expect(read.get(cancelled)).toMatchObject({
      availability: 'cancelled',
      cancelled: true,
      onSale: false,
      hidden: true,
    })
  })

  it("is out of every other venue's reach", async () => {
    const venue = venues[provider]
    for (const other of Object.values(venues).filter((v) => v !== venue)) {
      const client = partner({ origin: app.origin, tenant: venue.slug, key: other.writeKey })
      const answer = await client.get('ticketing-connections', String(venue.connection.id))
      expect([403, 404]).toContain(answer.status)
      expect(JSON.stringify(answer.body)).not.toContain(String(venue.connection.name))
    }
  })
})
