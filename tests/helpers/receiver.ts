import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request a receiver got, as it arrived. */
export type Received = {
  path: string
  headers: Record<string, string>
  body: string
  at: number
}

/** What a path answers: a status, or `hang` (never answer, until the client gives up). */
export type Behaviour = (nth: number) => number | 'hang' | { status: number; location: string }

/**
 * A partner's webhook receiver: a real HTTP server on loopback that records every request and
 * answers each path as the test tells it (200 unless told otherwise).
 */
export const startReceiver = async () => {
  const received: Received[] = []
  const behaviours = new Map<string, Behaviour>()
  const counts = new Map<string, number>()
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/'
      const nth = (counts.get(path) ?? 0) + 1
      counts.set(path, nth)
      received.push({
        path,
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [
            k,
            Array.isArray(v) ? v.join(',') : (v ?? ''),
          ]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      })
      const answer = behaviours.get(path)?.(nth) ?? 200
      if (answer === 'hang') return
      if (typeof answer === 'object') {
        res.writeHead(answer.status, { location: answer.location }).end()
        return
      }
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(`answer ${answer} to ${nth}`)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    host: `127.0.0.1:${port}`,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    answer: (path: string, behaviour: Behaviour) => void behaviours.set(path, behaviour),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>
