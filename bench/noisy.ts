import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { measure } from './load'
import { measureDeliveryLatency } from './writes'

const base = '/api/partners/2025-07'

/** A webhook receiver that takes every request and never answers it. */
export const startHangingReceiver = async () => {
  const server = http.createServer(() => undefined)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    host: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}/hang`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

type Quiet = { tenant: string; key: string; arrivals: Map<string, number> }
type Noisy = { tenant: string; key: string; webhookId: string }

/** A programme note long enough that converting it is real work. */
const heavyMarkdown = Array.from(
  { length: 400 },
  (_, i) => `- item ${i} with *emphasis* and **strong** and [a link](https://example.com/${i})`,
).join('\n')

/** What the quiet tenant measures: its webhook latency at a steady rate, and its reads. */
const quietRound = async ({
  origin,
  quiet,
  rate,
  seconds,
}: {
  origin: string
  quiet: Quiet
  rate: number
  seconds: number
}) => {
  const [delivery, reads] = await Promise.all([
    measureDeliveryLatency({ origin, ...quiet, rate, seconds }),
    measure({
      origin,
      paths: [`${base}/${quiet.tenant}/events?limit=10&sort=-createdAt`],
      headers: { authorization: `Bearer ${quiet.key}` },
      expected: 200,
      seconds,
      concurrency: 2,
    }),
  ])
  return { delivery, reads }
}

/**
 * The noisy-neighbour figure: the quiet tenant's delivery p50/p99 and read p99 with the noisy
 * tenant idle, then while it floods (its receiver hangs; it writes, sends test messages,
 * searches broadly and converts large Markdown, each from a load generator of its own), and
 * what the noisy tenant was answered.
 */
export const measureNoisyNeighbour = async ({
  origin,
  quiet,
  noisy,
  rate,
  seconds,
}: {
  origin: string
  quiet: Quiet
  noisy: Noisy
  rate: number
  seconds: number
}) => {
  const calm = await quietRound({ origin, quiet, rate, seconds })
  const auth = { authorization: `Bearer ${noisy.key}`, 'content-type': 'application/json' }
  const long = seconds + 4
  const flood = [
    measure({
      origin,
      method: 'POST',
      paths: [`${base}/${noisy.tenant}/events`],
      headers: auth,
      body: JSON.stringify({ title: 'Flood [n] storm island music', _status: 'published' }),
      expected: 201,
      seconds: long,
      concurrency: 4,
    }),
    measure({
      origin,
      method: 'POST',
      paths: [`${base}/${noisy.tenant}/webhooks/${noisy.webhookId}/test`],
      headers: auth,
      expected: 200,
      seconds: long,
      concurrency: 4,
    }),
    measure({
      origin,
      paths: [`${base}/${noisy.tenant}/events?search=storm%20island%20music&limit=50`],
      headers: auth,
      expected: 200,
      seconds: long,
      concurrency: 8,
    }),
    measure({
      origin,
      method: 'POST',
      paths: [`${base}/${noisy.tenant}/events`],
      headers: auth,
      body: JSON.stringify({
        title: 'Marked [n]',
        descriptionMarkdown: heavyMarkdown,
        _status: 'published',
      }),
      expected: 201,
      seconds: long,
      concurrency: 4,
    }),
  ] as const
  await new Promise((resolve) => setTimeout(resolve, 2_000))
  const stormy = await quietRound({ origin, quiet, rate, seconds })
  const [writes, tests, searches, conversions] = await Promise.all(flood)
  return { calm, stormy, noisy: { writes, tests, searches, conversions } }
}
