/**
 * The "what's on" page a website renders: 20 events, each with its image, its work and its next
 * performances with their venues. Once as one expanded call, once assembled as a website does
 * without expansion (the list, then each event's image, work and performances list, then each
 * venue once). Both against an uncached app, so every page is read from PostgreSQL: pages a
 * second (a load generator in its own process; the assembled page's requests are spread over
 * the same connections, so its pages a second are its requests a second over the requests of a
 * page) and statements per page (the app's access lines count each request's statements).
 */
import type { Payload } from 'payload'

import { makeImage } from '../src/seed/images'
import { startApp, waitUntil, type RunningApp } from '../tests/helpers/app'
import { measure, type Figures } from './load'

const pageEvents = 20
const performancesPerEvent = 6
const base = '/api/partners/2025-07/bench-whatson'

type Seeded = { key: string; events: { id: string; image: string; work: string }[] }

const seed = async (payload: Payload): Promise<Seeded> => {
  const tenant = await payload.create({
    collection: 'tenants',
    data: { name: "What's on", slug: 'bench-whatson' },
  })
  const own = { tenant: tenant.id }
  const images: string[] = []
  for (let n = 0; n < 5; n++) {
    const data = await makeImage({ width: 400, height: 250, label: `Poster ${n}` })
    const doc = await payload.create({
      collection: 'media',
      data: { ...own, alt: `Poster ${n}` },
      file: { data, mimetype: 'image/png', name: `poster-${n}.png`, size: data.length },
    })
    images.push(String(doc.id))
  }
  const works: string[] = []
  for (let n = 0; n < 5; n++)
    works.push(
      String(
        (
          await payload.create({
            collection: 'works',
            data: { ...own, title: `Work ${n}`, image: images[n] } as never,
          })
        ).id,
      ),
    )
  const venues: string[] = []
  for (let n = 0; n < 3; n++)
    venues.push(
      String(
        (
          await payload.create({
            collection: 'venues',
            data: { ...own, title: `Hall ${n}`, image: images[n] } as never,
          })
        ).id,
      ),
    )
  const events: Seeded['events'] = []
  for (let n = 0; n < pageEvents; n++) {
    const image = images[n % images.length]!
    const work = works[n % works.length]!
    const event = await payload.create({
      collection: 'events',
      data: { ...own, title: `Show ${n}`, image, work, _status: 'published' } as never,
      draft: false,
    })
    for (let p = 0; p < performancesPerEvent; p++)
      await payload.create({
        collection: 'event-instances',
        data: {
          ...own,
          event: event.id,
          venue: venues[(n + p) % venues.length],
          startDate: new Date(Date.now() + (2 + p * 7 + n / 10) * 86_400_000).toISOString(),
        } as never,
      })
    events.push({ id: String(event.id), image, work })
  }
  const key = (
    (await payload.create({
      collection: 'api-keys',
      data: { name: 'bench whats on', tenants: [tenant.id], scope: 'read' },
    })) as unknown as { key: string }
  ).key
  return { key, events }
}

/** Each request of a page as a website makes it, in the order it can make them. */
const assembledPage = ({ events, venues }: { events: Seeded['events']; venues: string[] }) => {
  const from = new Date()
  from.setUTCSeconds(0, 0)
  const upcoming = (event: string) =>
    `${base}/event-instances?where[event][equals]=${event}&where[hidden][not_equals]=true&where[startDate][greater_than_equal]=${encodeURIComponent(from.toISOString())}&sort=startDate&limit=20`
  return [
    `${base}/events?limit=${pageEvents}`,
    ...events.flatMap((event) => [
      `${base}/media/${event.image}`,
      `${base}/works/${event.work}`,
      upcoming(event.id),
    ]),
    ...venues.map((venue) => `${base}/venues/${venue}`),
  ]
}

const expandedPage = `${base}/events?limit=${pageEvents}&expand=image,work,performances.venue`

/** The statements the app counted for one request, from its access line. */
const statementsOf = async ({
  app,
  headers,
  path,
}: {
  app: RunningApp
  headers: Record<string, string>
  path: string
}): Promise<{ statements: number; body: unknown }> => {
  const res = await fetch(`${app.origin}${path}`, { headers })
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  const body: unknown = await res.json()
  const id = res.headers.get('x-request-id') ?? ''
  let statements = 0
  await waitUntil({
    what: `the access line of ${id}`,
    timeoutMs: 10_000,
    check: async () => {
      const line = app
        .output()
        .split('\n')
        .find((l) => l.includes(`"requestId":"${id}"`) && l.includes('"msg":"request"'))
      if (line) statements = (JSON.parse(line) as { statements?: number }).statements ?? 0
      return Boolean(line)
    },
  })
  return { statements, body }
}

export const measureWhatsOn = async ({
  payload,
  databaseUri,
  seconds,
  concurrency,
  print,
}: {
  payload: Payload
  databaseUri: string
  seconds: number
  concurrency: number
  print: (line: string) => void
}): Promise<void> => {
  print(
    `[bench] what's on: seeding ${pageEvents} events, ${performancesPerEvent} performances each…`,
  )
  const { key, events } = await seed(payload)
  const app = await startApp({ databaseUri, env: { PARTNER_CACHE: 'off' } })
  try {
    const headers = { authorization: `Bearer ${key}` }
    // The venues the page names, as a website learns them from the performances it read.
    const expanded = await statementsOf({ app, headers, path: expandedPage })
    const docs = (expanded.body as { docs: { performances: { venue: { id: string } }[] }[] }).docs
    const venues = [
      ...new Set(docs.flatMap((doc) => doc.performances.map((show) => show.venue.id))),
    ]
    const assembled = assembledPage({ events, venues })
    let assembledStatements = 0
    for (const path of assembled)
      assembledStatements += (await statementsOf({ app, headers, path })).statements
    const load = (paths: string[]): Promise<Figures> =>
      measure({ origin: app.origin, paths, headers, expected: 200, seconds, concurrency })
    // Warm-up, not reported.
    await load([expandedPage])
    await load(assembled)
    const one = await load([expandedPage])
    const many = await load(assembled)
    const onePages = one.rps
    const manyPages = many.rps / assembled.length
    print(
      `[bench] what's on, ${pageEvents} events with image, work and next performances with their venues; uncached, ${seconds} s, ${concurrency} connections`,
    )
    print(
      `what's on, one expanded call   | 1 request/page  | ${onePages.toFixed(1)} pages/s (p50 ${one.p50.toFixed(1)} ms, errors ${one.errors}) | ${expanded.statements} statements/page`,
    )
    print(
      `what's on, assembled unexpanded | ${assembled.length} requests/page | ${manyPages.toFixed(1)} pages/s (${many.rps.toFixed(0)} req/s, errors ${many.errors}) | ${assembledStatements} statements/page`,
    )
    print(
      `what's on: expanded ${(onePages / manyPages).toFixed(1)}x the pages a second, ${(assembledStatements / Math.max(1, expanded.statements)).toFixed(1)}x fewer statements a page`,
    )
  } finally {
    await app.stop()
  }
}
