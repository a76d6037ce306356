import type http from 'node:http'

import {
  noBoxOfficeKnobs,
  sendJson,
  startFakeBoxOffice,
  type BoxOfficeCall,
  type BoxOfficeKnobs,
} from './fakeBoxOffice'

/**
 * A Line-Up transactional API stand-in: a real HTTP server on loopback serving the shapes of
 * research §7 under `/api` (`event/`, `event/{id}/`, `performance/?event_id&start_date&page`
 * two a page with `next_page`, `performance/{id}/` with pricing), each answer in `.data`. It
 * checks `Authorization: Bearer <apiKey>` (401 otherwise) and logs `x-channel`. Built on
 * `fakeBoxOffice.ts`: the shared knobs make it misbehave, its own change the paging.
 */
export type LineUpEventJson = {
  id: number
  name: string
  shortDescription: string
  description: string
  runTime: number
  tags: string[]
  organisation: { id: number; name: string; currency: string }
  venue: { id: number; name: string }
  bookingInformation: string
  gallery: { url: string }[]
  type?: string
  category?: string
  ticketUrl?: string
  websiteUrl?: string
}

export type LineUpPerformanceJson = {
  id: number
  eventId: number
  startDate: string
  startTime: string
  endDate: string | null
  endTime: string | null
  tags: string[]
  timeZone: string
  status?: string
  cancelled?: boolean
  pricing: {
    id: number
    capacity: number
    capacityRemaining: number
    priceBand: {
      id: number
      name: string
      variants: { id: number; name: string; price: { id: number; value: number } }[]
    }
  }[]
  totalCapacity: number
  totalCapacityRemaining: number
  venuePlanId: number
  [extra: string]: unknown
}

/** Research §7: `GET /performance/21813/`, one band. */
export const detailJson = {
  data: {
    id: 21813,
    eventId: 151,
    startDate: '2026-10-17',
    startTime: '19:30:00',
    endDate: null,
    endTime: null,
    tags: ['captioned'],
    timeZone: 'Europe/London',
    pricing: [
      {
        id: 34834,
        capacity: 200,
        capacityRemaining: 14,
        priceBand: {
          id: 34834,
          name: 'Band A',
          variants: [
            { id: 16756, name: 'Adult', price: { id: 448329, value: 30.0 } },
            { id: 16757, name: 'Concession', price: { id: 448332, value: 22.0 } },
          ],
        },
      },
    ],
    totalCapacity: 200,
    totalCapacityRemaining: 14,
    venuePlanId: 179,
  },
} satisfies { data: LineUpPerformanceJson }

export const lineUpEventJson = ({
  id,
  name = `Event ${id}`,
  currency = 'GBP',
  ...over
}: {
  id: number
  name?: string
  currency?: string
} & Partial<LineUpEventJson>): LineUpEventJson => ({
  id,
  name,
  shortDescription: `${name}, in short`,
  description: `<p>${name}</p>`,
  runTime: 120,
  tags: ['drama'],
  organisation: { id: 30, name: 'Example Theatre', currency },
  venue: { id: 12, name: 'Main House' },
  bookingInformation: 'Doors 30 min before.',
  gallery: [],
  ...over,
})

/** A performance with two bands (`prices` spread over them) and the counts given. */
export const lineUpPerformanceJson = ({
  id,
  eventId,
  startDate,
  startTime = '19:30:00',
  capacity = 200,
  remaining = 150,
  prices = [30, 22],
  ...over
}: {
  id: number
  eventId: number
  startDate: string
  startTime?: string
  capacity?: number
  remaining?: number
  prices?: number[]
} & Partial<LineUpPerformanceJson>): LineUpPerformanceJson => ({
  id,
  eventId,
  startDate,
  startTime,
  endDate: null,
  endTime: null,
  tags: [],
  timeZone: 'Europe/London',
  pricing: prices.map((value, n) => ({
    id: id * 10 + n,
    capacity: capacity / prices.length,
    capacityRemaining: remaining / prices.length,
    priceBand: {
      id: id * 10 + n,
      name: `Band ${n + 1}`,
      variants: [{ id: id * 100 + n, name: 'Adult', price: { id: id * 1000 + n, value } }],
    },
  })),
  totalCapacity: capacity,
  totalCapacityRemaining: remaining,
  venuePlanId: 179,
  ...over,
})

export type LineUpKnobs = BoxOfficeKnobs & {
  /** The performance list's `next_page` always points back at page 1. */
  repeatPage: boolean
  /** `next_page` as the page's address (`url`) instead of its number, or `links.next` only. */
  nextAs: 'number' | 'url' | 'links'
}

const noKnobs = (): LineUpKnobs => ({
  ...noBoxOfficeKnobs(),
  repeatPage: false,
  nextAs: 'number',
})

/** Items a list page holds: small, so paging is exercised. */
export const pageSize = 2

/** A call with the headers Line-Up reads: the key and the sales channel. */
export type LineUpCall = { path: string; authorization?: string; channel?: string }

export type FakeLineUp = Awaited<ReturnType<typeof startFakeLineUp>>

export const startFakeLineUp = async ({
  apiKey,
  events = [],
  performances = [],
}: {
  apiKey: string
  events?: LineUpEventJson[]
  performances?: LineUpPerformanceJson[]
}) => {
  const state = {
    events,
    performances,
    knobs: noKnobs(),
    requests: [] as string[],
    calls: [] as BoxOfficeCall[],
    /** The calls the knobs let through, with their headers. */
    seen: [] as LineUpCall[],
    refused: 0,
  }

  const paged = <T>(res: http.ServerResponse, url: URL, items: T[]) => {
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1)
    const slice = items.slice((page - 1) * pageSize, page * pageSize)
    const more = page * pageSize < items.length
    const next = state.knobs.repeatPage ? 1 : more ? page + 1 : null
    const nextUrl = (): string | null => {
      if (next === null) return null
      const u = new URL(url)
      u.searchParams.set('page', String(next))
      return u.toString()
    }
    const { nextAs } = state.knobs
    return sendJson(res, 200, {
      data: slice,
      ...(nextAs === 'links'
        ? { links: { next: nextUrl() } }
        : { next_page: nextAs === 'url' ? nextUrl() : next }),
      count: items.length,
    })
  }

  const header = (req: http.IncomingMessage, name: string): string | undefined => {
    const value = req.headers[name]
    return Array.isArray(value) ? value[0] : value
  }

  const box = await startFakeBoxOffice({
    state,
    noKnobs,
    isList: (url) => url.pathname === '/api/event/' || url.pathname === '/api/performance/',
    hugeItem: lineUpEventJson({ id: 1, name: 'x'.repeat(1000) }),
    route: ({ req, res, url }) => {
      state.seen.push({
        path: `${url.pathname}${url.search}`,
        authorization: header(req, 'authorization'),
        channel: header(req, 'x-channel'),
      })
      if (header(req, 'authorization') !== `Bearer ${apiKey}`) {
        state.refused++
        return sendJson(res, 401, { detail: 'Invalid token.' })
      }
      if (!url.pathname.startsWith('/api/')) return sendJson(res, 404, { detail: 'Not found.' })
      const path = url.pathname.slice('/api/'.length)
      if (path === 'event/') return paged(res, url, state.events)
      if (path === 'performance/') {
        const eventId = url.searchParams.get('event_id')
        const from = url.searchParams.get('start_date') ?? '0000'
        return paged(
          res,
          url,
          state.performances.filter(
            (p) => (!eventId || String(p.eventId) === eventId) && p.startDate >= from,
          ),
        )
      }
      const event = /^event\/(\d+)\/$/.exec(path)
      if (event) {
        const found = state.events.find((e) => String(e.id) === event[1])
        return found
          ? sendJson(res, 200, { data: found })
          : sendJson(res, 404, { detail: 'Not found.' })
      }
      const performance = /^performance\/(\d+)\/$/.exec(path)
      if (performance) {
        const found = state.performances.find((p) => String(p.id) === performance[1])
        return found
          ? sendJson(res, 200, { data: found })
          : sendJson(res, 404, { detail: 'Not found.' })
      }
      return sendJson(res, 404, { detail: 'Not found.' })
    },
  })
  const find = (id: number): LineUpPerformanceJson => {
    const found = state.performances.find((p) => p.id === id)
    if (!found) throw new Error(`The fake has no performance ${id}`)
    return found
  }
  return {
    ...box,
    /** The connection's `baseUrl`. */
    baseUrl: `${box.origin}/api`,
    /** Calls with the headers that matter. */
    seen: () => [...state.seen],
    cancel: (id: number) => {
      find(id).cancelled = true
      find(id).status = 'cancelled'
    },
    remove: (id: number) => {
      state.performances = state.performances.filter((p) => p.id !== id)
    },
    sellOut: (id: number) => {
      const p = find(id)
      p.totalCapacityRemaining = 0
      for (const band of p.pricing) band.capacityRemaining = 0
    },
    change: (id: number, patch: Partial<LineUpPerformanceJson>) => {
      Object.assign(find(id), patch)
    },
    reset: () => {
      box.reset()
      state.seen = []
    },
    close: box.stop,
  }
}
