import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/**
 * What every box-office stand-in shares: a real HTTP server on loopback, a log of the calls it
 * answered, and knobs for the ways a box office misbehaves. A provider's fake
 * (`fakeSpektrix.ts`, `fakeTessitura.ts`, `fakeLineUp.ts`) supplies only its routes.
 */
export type BoxOfficeKnobs = {
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
  /** Every call has its connection closed unanswered (a box office refusing). */
  refuse: boolean
}

export const noBoxOfficeKnobs = (): BoxOfficeKnobs => ({
  unavailable: { calls: 0, retryAfter: '1' },
  redirectTo: null,
  malformed: false,
  hang: false,
  hugeBytes: 0,
  refuse: false,
})

/** One call as the fake received it. */
export type BoxOfficeCall = { method: string; path: string; body: string }

export type BoxOfficeState<K extends BoxOfficeKnobs> = {
  knobs: K
  /** Calls answered since the last reset, by path and query. */
  requests: string[]
  /** The same calls with their method and body (a POSTed query). */
  calls: BoxOfficeCall[]
  /** Calls refused for their credentials; a route counts them. */
  refused: number
}

export const sendJson = (res: http.ServerResponse, status: number, body: unknown): void => {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
  })
  res.end(text)
}

/** A route: answers the call, after the knobs had their say. */
export type BoxOfficeRoute = (call: {
  req: http.IncomingMessage
  res: http.ServerResponse
  url: URL
  body: string
  origin: string
}) => void

export const startFakeBoxOffice = async <K extends BoxOfficeKnobs, S extends BoxOfficeState<K>>({
  state,
  noKnobs,
  isList,
  hugeItem,
  route,
}: {
  /** The fake's own state (its catalogue beside the shared fields), kept by reference. */
  state: S
  noKnobs: () => K
  /** The calls `malformed` and `hugeBytes` spoil: the lists. */
  isList: (url: URL) => boolean
  /** One list item, repeated to make an oversize answer. */
  hugeItem: unknown
  route: BoxOfficeRoute
}) => {
  const sockets = new Set<Socket>()
  let origin = ''

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', origin)
      const body = Buffer.concat(chunks).toString('utf8')
      state.requests.push(`${url.pathname}${url.search}`)
      state.calls.push({ method: req.method ?? 'GET', path: `${url.pathname}${url.search}`, body })
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
      if (isList(url) && knobs.malformed) {
        res.writeHead(200, { 'content-type': 'application/json' })
        return res.end('[{"id": "34001AGQ", "name": "The Seag')
      }
      if (isList(url) && knobs.hugeBytes > 0) {
        res.writeHead(200, { 'content-type': 'application/json' })
        const item = JSON.stringify(hugeItem)
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
      route({ req, res, url, body, origin })
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  origin = `http://127.0.0.1:${port}`
  return {
    origin,
    /** host:port, for TICKETING_ALLOWED_HOSTS. */
    host: `127.0.0.1:${port}`,
    state,
    /** Calls answered since the last reset, by path and query. */
    requests: () => [...state.requests],
    reset: () => {
      state.knobs = noKnobs()
      state.requests = []
      state.calls = []
      state.refused = 0
    },
    stop: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
