import { createHmac } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

import sharp from 'sharp'

/**
 * A Spektrix API v3 stand-in: a real HTTP server on loopback serving the documented shapes
 * (events, instances, instance status; research §7) from a catalogue a test changes between
 * runs, with knobs for the ways a box office misbehaves. It checks owner-mode signatures when
 * given credentials.
 */
export type SpektrixEventJson = {
  id: string
  name: string
  description: string
  htmlDescription: string
  duration: number
  imageUrl: string
  thumbnailUrl: string
  isOnSale: boolean
  instanceDates: string
  webEventId: null
  firstInstanceDateTime: string
  lastInstanceDateTime: string
  [attribute: `attribute_${string}`]: string
}

export type SpektrixInstanceJson = {
  id: string
  event: { id: string }
  start: string
  startUtc: string
  startSellingAtWeb: string
  startSellingAtWebUtc: string
  stopSellingAtWeb: string
  stopSellingAtWebUtc: string
  isOnSale: boolean
  cancelled: boolean
  planId: string
  priceList: { id: string }
  webInstanceId: null
  hasBestAvailableOverlay: boolean
}

export type SpektrixStatusJson = {
  name: string
  available: number
  wheelchairAvailable: number
  specialAvailable: number
  capacity: number
  bands: unknown[]
  inBasket: number
  inOtherBasket: number
  locked: number
  reserved: number
  sold: number
  scanned: number
  masked: number
  unavailable: number
  lockInformation: unknown[]
  lockInfoAvailable: unknown[]
  lockInfoSpecialAvailable: unknown[]
}

export type Catalogue = {
  events: SpektrixEventJson[]
  instances: SpektrixInstanceJson[]
  /** By instance id; an instance without one answers a status with seats to spare. */
  statuses: Map<string, SpektrixStatusJson>
}

/** Spektrix writes local times and UTC without a zone; the stand-in's venue is on UTC+1. */
const local = (utc: Date): string => new Date(utc.getTime() + 3_600_000).toISOString().slice(0, 19)
const bare = (utc: Date): string => utc.toISOString().slice(0, 19)

let serial = 0
/** A Spektrix-looking id: a leading integer, then letters. */
export const spektrixId = (prefix: number): string =>
  `${prefix}${String(++serial).padStart(4, '0')}AB`.padEnd(33, 'QRSTVWXYZ')

export const eventJson = ({
  id,
  name,
  duration = 120,
  description = `${name}: a play in two acts.`,
  imageUrl = '',
}: {
  id: string
  name: string
  duration?: number
  description?: string
  /** Spektrix answers an empty string for an event without one. */
  imageUrl?: string
}): SpektrixEventJson => ({
  id,
  name,
  description,
  htmlDescription: `<div>${description}</div>`,
  duration,
  imageUrl,
  thumbnailUrl: imageUrl,
  isOnSale: true,
  instanceDates: '',
  webEventId: null,
  firstInstanceDateTime: '',
  lastInstanceDateTime: '',
  attribute_Genre: 'Drama',
})

export const instanceJson = ({
  id,
  eventId,
  start,
  isOnSale = true,
  cancelled = false,
}: {
  id: string
  eventId: string
  start: Date
  isOnSale?: boolean
  cancelled?: boolean
}): SpektrixInstanceJson => {
  const opens = new Date(start.getTime() - 60 * 86_400_000)
  const closes = new Date(start.getTime() - 30 * 60_000)
  return {
    id,
    event: { id: eventId },
    start: local(start),
    startUtc: bare(start),
    startSellingAtWeb: local(opens),
    startSellingAtWebUtc: `${bare(opens)}Z`,
    stopSellingAtWeb: local(closes),
    stopSellingAtWebUtc: `${bare(closes)}Z`,
    isOnSale,
    cancelled,
    planId: '6428ARVBDCVGBMTSRKLDHCQHSPQJQNLSH',
    priceList: { id: '122001ARLLQVMHNRLSMQCVBKMJQMVCKHB' },
    webInstanceId: null,
    hasBestAvailableOverlay: false,
  }
}

export const statusJson = ({
  available,
  capacity = 420,
}: {
  available: number
  capacity?: number
}): SpektrixStatusJson => ({
  name: 'Main House',
  available,
  wheelchairAvailable: 2,
  specialAvailable: 0,
  capacity,
  bands: [],
  inBasket: 0,
  inOtherBasket: 0,
  locked: 0,
  reserved: 0,
  sold: capacity - available,
  scanned: 0,
  masked: 0,
  unavailable: 0,
  lockInformation: [],
  lockInfoAvailable: [],
  lockInfoSpecialAvailable: [],
})

/**
 * A season: `events` events of `instancesPerEvent` performances each, one a day from `from`
 * (at 19:30 UTC), every tenth performance of an event a matinee. The bench's is 200 × 10.
 */
export const makeCatalogue = ({
  events,
  instancesPerEvent,
  from,
}: {
  events: number
  instancesPerEvent: number
  from: Date
}): Catalogue => {
  const catalogue: Catalogue = { events: [], instances: [], statuses: new Map() }
  const first = new Date(`${from.toISOString().slice(0, 10)}T19:30:00.000Z`)
  for (let e = 0; e < events; e++) {
    const eventId = spektrixId(34000 + e)
    catalogue.events.push(eventJson({ id: eventId, name: `Production ${e + 1}` }))
    for (let i = 0; i < instancesPerEvent; i++) {
      const start = new Date(first.getTime() + (i + (e % 7)) * 86_400_000)
      const id = spektrixId(67000 + e * instancesPerEvent + i)
      catalogue.instances.push(instanceJson({ id, eventId, start }))
      catalogue.statuses.set(id, statusJson({ available: 200 }))
    }
  }
  return catalogue
}

export type Knobs = {
  /** The next N calls answer `status` (503 unless said) with `Retry-After: retryAfter`. */
  unavailable: { calls: number; retryAfter: string; status?: number }
  /** Every call answers a redirect here. */
  redirectTo: string | null
  /** Every list answers malformed JSON. */
  malformed: boolean
  /** Every call is accepted and never answered. */
  hang: boolean
  /** Lists answer this many bytes of valid JSON, streamed without a length. */
  hugeBytes: number
  /** The instance list answers `[]` (a misconfigured account, an outage answered 200). */
  emptyInstances: boolean
}

const noKnobs = (): Knobs => ({
  unavailable: { calls: 0, retryAfter: '1' },
  redirectTo: null,
  malformed: false,
  hang: false,
  hugeBytes: 0,
  emptyInstances: false,
})

export type FakeSpektrix = Awaited<ReturnType<typeof startFakeSpektrix>>

const dayOf = (value: string): string => value.slice(0, 10)

export const startFakeSpektrix = async ({
  clientName,
  catalogue = { events: [], instances: [], statuses: new Map() },
  credentials,
}: {
  clientName: string
  catalogue?: Catalogue
  /** Owner mode: every call must carry a valid `SpektrixAPI3` signature. */
  credentials?: { apiUser: string; apiKey: string }
}) => {
  const state = { catalogue, knobs: noKnobs(), requests: [] as string[], refused: 0 }
  const image = await sharp({
    create: { width: 96, height: 64, channels: 3, background: '#b03a2e' },
  })
    .jpeg()
    .toBuffer()
  const sockets = new Set<Socket>()
  const prefix = `/${clientName}/api/v3/`

  const signatureOk = (req: http.IncomingMessage, origin: string): boolean => {
    if (!credentials) return true
    const date = req.headers.date ?? ''
    const expected = createHmac('sha1', Buffer.from(credentials.apiKey, 'base64'))
      .update(`GET\n${new URL(req.url ?? '/', origin).toString()}\n${date}`, 'utf8')
      .digest('base64')
    return req.headers.authorization === `SpektrixAPI3 ${credentials.apiUser}:${expected}`
  }

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body)
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(text)),
    })
    res.end(text)
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin)
    state.requests.push(`${url.pathname}${url.search}`)
    const { knobs } = state
    if (knobs.hang) return
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
    // Event images, as Spektrix's CDN serves them: public, outside the client's API.
    if (url.pathname.startsWith('/images/')) {
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(image.length) })
      return res.end(image)
    }
    if (!signatureOk(req, origin)) {
      state.refused++
      return send(res, 401, { message: 'Invalid signature' })
    }
    if (!url.pathname.startsWith(prefix)) return send(res, 404, { message: 'No such client' })
    const path = url.pathname.slice(prefix.length)
    const isList = path === 'events' || path === 'instances'
    if (isList && knobs.malformed) {
      res.writeHead(200, { 'content-type': 'application/json' })
      return res.end('[{"id": "34001AGQ", "name": "The Seag')
    }
    if (isList && knobs.hugeBytes > 0) {
      res.writeHead(200, { 'content-type': 'application/json' })
      const item = JSON.stringify(eventJson({ id: '1X', name: 'x'.repeat(1000) }))
      res.write('[')
      let written = 1
      const more = (): void => {
        while (written < knobs.hugeBytes) {
          written += item.length + 1
          if (!res.write(`${item},`)) return void res.once('drain', more)
        }
        res.end(`${item}]`)
      }
      res.on('error', () => undefined)
      return more()
    }
    const { events, instances, statuses } = state.catalogue
    if (path === 'events') {
      const from = url.searchParams.get('instanceStart_from') ?? '0000'
      const to = url.searchParams.get('instanceStart_to') ?? '9999'
      const inRange = new Set(
        instances
          .filter((i) => dayOf(i.startUtc) >= from && dayOf(i.startUtc) <= to)
          .map((i) => i.event.id),
      )
      return send(
        res,
        200,
        events.filter((e) => inRange.has(e.id)),
      )
    }
    if (path === 'instances') {
      if (knobs.emptyInstances) return send(res, 200, [])
      const from = url.searchParams.get('startFrom') ?? '0000'
      const to = url.searchParams.get('startTo') ?? '9999'
      return send(
        res,
        200,
        instances.filter((i) => dayOf(i.startUtc) >= from && dayOf(i.startUtc) <= to),
      )
    }
    const status = /^instances\/([^/]+)\/status$/.exec(path)
    if (status) {
      const id = decodeURIComponent(status[1]!)
      if (!instances.some((i) => i.id === id)) return send(res, 404, { message: 'No instance' })
      return send(res, 200, statuses.get(id) ?? statusJson({ available: 300 }))
    }
    return send(res, 404, { message: 'Not found' })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  return {
    origin,
    /** An event image this server serves (a real JPEG), by its name. */
    imageUrl: (name: string) => `${origin}/images/${encodeURIComponent(name)}.jpg`,
    /** host:port, for TICKETING_ALLOWED_HOSTS. */
    host: `127.0.0.1:${port}`,
    state,
    /** Calls answered since the last reset, by path and query. */
    requests: () => [...state.requests],
    reset: () => {
      state.knobs = noKnobs()
      state.requests = []
      state.refused = 0
    },
    stop: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
