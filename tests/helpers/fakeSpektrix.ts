import { createHmac } from 'node:crypto'
import type http from 'node:http'

import sharp from 'sharp'

import {
  noBoxOfficeKnobs,
  sendJson as send,
  startFakeBoxOffice,
  type BoxOfficeCall,
  type BoxOfficeKnobs,
} from './fakeBoxOffice'

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

export type Knobs = BoxOfficeKnobs & {
  /** The instance list answers `[]` (a misconfigured account, an outage answered 200). */
  emptyInstances: boolean
}

const noKnobs = (): Knobs => ({ ...noBoxOfficeKnobs(), emptyInstances: false })

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
  const state = {
    catalogue,
    knobs: noKnobs(),
    requests: [] as string[],
    calls: [] as BoxOfficeCall[],
    refused: 0,
  }
  const image = await sharp({
    create: { width: 96, height: 64, channels: 3, background: '#b03a2e' },
  })
    .jpeg()
    .toBuffer()
  const prefix = `/${clientName}/api/v3/`

  const signatureOk = (req: http.IncomingMessage, origin: string): boolean => {
    if (!credentials) return true
    const date = req.headers.date ?? ''
    const expected = createHmac('sha1', Buffer.from(credentials.apiKey, 'base64'))
      .update(`GET\n${new URL(req.url ?? '/', origin).toString()}\n${date}`, 'utf8')
      .digest('base64')
    return req.headers.authorization === `SpektrixAPI3 ${credentials.apiUser}:${expected}`
  }

  const box = await startFakeBoxOffice({
    state,
    noKnobs,
    isList: (url) =>
      url.pathname.startsWith(prefix) &&
      ['events', 'instances'].includes(url.pathname.slice(prefix.length)),
    hugeItem: eventJson({ id: '1X', name: 'x'.repeat(1000) }),
    route: ({ req, res, url, origin }) => {
      const { knobs } = state
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
    },
  })
  const { origin } = box
  return {
    origin,
    /** An event image this server serves (a real JPEG), by its name. */
    imageUrl: (name: string) => `${origin}/images/${encodeURIComponent(name)}.jpg`,
    host: box.host,
    state,
    requests: box.requests,
    reset: box.reset,
    stop: box.stop,
  }
}
