import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

import { noBoxOfficeKnobs, type BoxOfficeKnobs } from './fakeBoxOffice'

/**
 * A Tessitura REST (TXN) stand-in: a real HTTP server on loopback serving the documented shapes
 * (research Part 2 §7): Performances/Search (POST, date and season filters), ProductionSeasons,
 * ProductKeywords and Performances/Zones, behind the four-part Basic header. A test changes the
 * catalogue between runs and turns the knobs for the ways a box office misbehaves.
 */
export type TessituraPerformanceJson = {
  PerformanceId: number
  PerformanceCode: string
  PerformanceDate: string
  PerformanceDescription: string
  Facility: { Id: number; Description: string }
  ProductionSeason: { Id: number; Description: string }
  ZoneMap: { Id: number; Description: string }
  AvailSaleIndicator: string
  Season: { Id: number; Description: string; FYear: number; Inactive: boolean }
  PublishWebApiStartDate: string | null
  PublishWebApiEndDate: string | null
  Duration: number | null
  PerformanceStatus: { Id: number; Description: string }
  TimeSlot: { Id: number; Description: string }
}

export type TessituraSeasonJson = {
  Id: number
  Description: string
  ShortName: string
  Fulltext: string
}

export type TessituraCatalogue = {
  seasons: TessituraSeasonJson[]
  performances: TessituraPerformanceJson[]
  /** Seats per zone, by performance id; a performance without an entry answers no zone rows. */
  zones: Map<number, number[]>
  /** Keywords by performance id. */
  keywords: Map<number, { Id: number; Description: string }[]>
}

/** Tessitura writes the venue's local time with its offset; the stand-in's venue is on UTC−4. */
const zoned = (utc: Date): string =>
  `${new Date(utc.getTime() - 4 * 3_600_000).toISOString().slice(0, 19)}-04:00`

export const seasonJson = ({
  id,
  description,
}: {
  id: number
  description: string
}): TessituraSeasonJson => ({
  Id: id,
  Description: description,
  ShortName: description.slice(0, 10),
  Fulltext: `${description} opera season`,
})

export const performanceJson = ({
  id,
  seasonId,
  description = 'A performance',
  start,
  duration = 150,
}: {
  id: number
  seasonId: number
  description?: string
  start: Date
  duration?: number | null
}): TessituraPerformanceJson => ({
  PerformanceId: id,
  PerformanceCode: `P${id}`,
  PerformanceDate: zoned(start),
  PerformanceDescription: description,
  Facility: { Id: 47, Description: 'Opera House' },
  ProductionSeason: { Id: seasonId, Description: description },
  ZoneMap: { Id: 298, Description: 'House' },
  AvailSaleIndicator: 'Y',
  Season: { Id: 194, Description: '2026/2027', FYear: 2027, Inactive: false },
  PublishWebApiStartDate: null,
  PublishWebApiEndDate: null,
  Duration: duration,
  PerformanceStatus: { Id: 1, Description: 'On Sale' },
  TimeSlot: { Id: 1, Description: 'Evening' },
})

/** `seasons` production seasons of `perSeason` daily performances each, from tomorrow: the bench. */
export const makeTessituraCatalogue = ({
  seasons,
  perSeason,
  from = new Date(Date.now() + 86_400_000),
}: {
  seasons: number
  perSeason: number
  from?: Date
}): TessituraCatalogue => {
  const catalogue: TessituraCatalogue = {
    seasons: [],
    performances: [],
    zones: new Map(),
    keywords: new Map(),
  }
  for (let s = 0; s < seasons; s++) {
    const seasonId = 5000 + s
    catalogue.seasons.push(seasonJson({ id: seasonId, description: `Season ${s + 1}` }))
    for (let p = 0; p < perSeason; p++) {
      const id = 100_000 + s * 1000 + p
      const start = new Date(from.getTime() + p * 86_400_000 + s * 60_000)
      catalogue.performances.push(
        performanceJson({ id, seasonId, description: `Season ${s + 1}`, start }),
      )
      catalogue.zones.set(id, [40, 60])
    }
  }
  return catalogue
}

export type TessituraRequest = {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
  /** The Authorization header as received. */
  authorization: string | undefined
}

export type FakeTessitura = {
  /** The TessituraService root, as a connection's `baseUrl`. */
  baseUrl: string
  /** `http://host:port`, for the shared cases (`providerSyncCases.ts`). */
  origin: string
  host: string
  /** The shared knobs (503s, malformed lists, redirects, refusals, hangs); `reset` clears them. */
  state: { knobs: BoxOfficeKnobs }
  reset: () => void
  catalogue: TessituraCatalogue
  requests: TessituraRequest[]
  credentials: { userName: string; userGroup: string; machineLocation: string; password: string }
  cancel: (id: number) => void
  remove: (id: number) => void
  sellOut: (id: number) => void
  change: (id: number, patch: Partial<TessituraPerformanceJson>) => void
  /** Answers every call whose path ends with `path` this way until cleared (`undefined`). */
  fail: (path: string, how: 503 | 500 | 'malformed' | undefined) => void
  close: () => Promise<void>
  stop: () => Promise<void>
}

const splitIds = (value: string | null): number[] =>
  (value ?? '')
    .split(',')
    .map((v) => Number(v.trim()))
    .filter((n) => Number.isInteger(n) && n > 0)

const readBody = (req: http.IncomingMessage): Promise<unknown> =>
  new Promise((resolve) => {
    const parts: Buffer[] = []
    req.on('data', (part: Buffer) => parts.push(part))
    req.on('end', () => {
      const text = Buffer.concat(parts).toString('utf8')
      try {
        resolve(text ? JSON.parse(text) : undefined)
      } catch {
        resolve(text)
      }
    })
  })

export const startFakeTessitura = async ({
  catalogue = { seasons: [], performances: [], zones: new Map(), keywords: new Map() },
  credentials = {
    userName: 'webapi',
    userGroup: 'web',
    machineLocation: 'cms',
    password: 's3cret:pw',
  },
}: {
  catalogue?: TessituraCatalogue
  credentials?: FakeTessitura['credentials']
} = {}): Promise<FakeTessitura> => {
  const requests: TessituraRequest[] = []
  const failures = new Map<string, 503 | 500 | 'malformed'>()
  const expected = `Basic ${Buffer.from(
    [
      credentials.userName,
      credentials.userGroup,
      credentials.machineLocation,
      credentials.password,
    ].join(':'),
  ).toString('base64')}`
  const sockets = new Set<Socket>()
  const state = { knobs: noBoxOfficeKnobs() }

  const answer = (path: string, query: URLSearchParams, body: unknown): unknown => {
    if (path === 'Performances/Search') {
      const filter = (body ?? {}) as Record<string, unknown>
      const from = Date.parse(String(filter.PerformanceStartDate ?? ''))
      const to = Date.parse(String(filter.PerformanceEndDate ?? ''))
      const seasons =
        typeof filter.ProductionSeasonIds === 'string'
          ? new Set(splitIds(filter.ProductionSeasonIds))
          : null
      return catalogue.performances.filter((p) => {
        const at = Date.parse(p.PerformanceDate)
        return (
          (Number.isNaN(from) || at >= from) &&
          (Number.isNaN(to) || at <= to) &&
          (!seasons || seasons.has(p.ProductionSeason.Id))
        )
      })
    }
    if (path === 'ProductionSeasons') {
      const ids = new Set(splitIds(query.get('ids')))
      return catalogue.seasons.filter((s) => ids.has(s.Id))
    }
    if (path === 'ProductKeywords')
      return splitIds(query.get('productionElementIds')).map((id) => ({
        RequestedOwner: { ElementId: id, Type: 'Performance' },
        Keywords: (catalogue.keywords.get(id) ?? []).map((k) => ({
          ...k,
          Category: { Id: 1, Description: 'Genre' },
        })),
      }))
    if (path === 'Performances/Zones')
      return splitIds(query.get('performanceIds')).flatMap((id) =>
        (catalogue.zones.get(id) ?? []).map((count, n) => ({
          Id: id * 10 + n,
          Zone: {
            Id: 800 + n,
            Description: `Zone ${n + 1}`,
            ShortDescription: `Z${n + 1}`,
            Rank: n,
            ZoneMapId: 298,
          },
          SectionSummaries: null,
          PerformanceId: id,
          AvailableCount: count,
          ConstituentAvailableCount: count,
        })),
      )
    return undefined
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      const body = req.method === 'POST' ? await readBody(req) : undefined
      const prefix = '/TessituraService/TXN/'
      const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : ''
      requests.push({
        method: req.method ?? '',
        path,
        query: url.searchParams,
        body,
        authorization: req.headers.authorization,
      })
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(typeof json === 'string' ? json : JSON.stringify(json))
      }
      const { knobs } = state
      if (knobs.hang) return
      if (knobs.refuse) return void req.socket.destroy()
      if (knobs.unavailable.calls > 0) {
        knobs.unavailable.calls--
        res.writeHead(knobs.unavailable.status ?? 503, {
          'retry-after': knobs.unavailable.retryAfter,
        })
        return res.end('Down for maintenance')
      }
      if (knobs.redirectTo) {
        res.writeHead(302, { location: knobs.redirectTo })
        return res.end()
      }
      if (req.headers.authorization !== expected)
        return send(401, { Message: 'Authorization has been denied.' })
      if (knobs.malformed && path === 'Performances/Search')
        return send(200, '[{"PerformanceId": 1, "PerformanceDa')
      const failure = [...failures].find(([end]) => path.endsWith(end))?.[1]
      if (failure === 'malformed') return send(200, { unexpected: 'shape' })
      if (failure) return send(failure, { Message: 'Service unavailable' })
      const wantsPost = path === 'Performances/Search'
      if ((req.method === 'POST') !== wantsPost) return send(405, { Message: 'Method not allowed' })
      const json = answer(path, url.searchParams, body)
      if (json === undefined) return send(404, { Message: 'No such resource' })
      send(200, json)
    })()
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const host = `127.0.0.1:${port}`
  const close = async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  const find = (id: number) => {
    const found = catalogue.performances.find((p) => p.PerformanceId === id)
    if (!found) throw new Error(`No performance ${id} in the fake Tessitura`)
    return found
  }
  return {
    baseUrl: `http://${host}/TessituraService/`,
    origin: `http://${host}`,
    host,
    state,
    reset: () => {
      state.knobs = noBoxOfficeKnobs()
      failures.clear()
    },
    catalogue,
    requests,
    credentials,
    cancel: (id) => {
      find(id).PerformanceStatus = { Id: 4, Description: 'Cancelled' }
    },
    remove: (id) => {
      catalogue.performances = catalogue.performances.filter((p) => p.PerformanceId !== id)
    },
    sellOut: (id) => {
      catalogue.zones.set(
        id,
        (catalogue.zones.get(id) ?? [0]).map(() => 0),
      )
    },
    change: (id, patch) => {
      Object.assign(find(id), patch)
    },
    fail: (path, how) => {
      if (how === undefined) failures.delete(path)
      else failures.set(path, how)
    },
    close,
    stop: close,
  }
}
