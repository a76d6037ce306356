import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { measure, percentile, type Figures } from './load'

/** Partner creates of events as fast as `concurrency` clients go, for `seconds`. */
export const measureCreates = ({
  origin,
  tenant,
  key,
  seconds,
  concurrency,
}: {
  origin: string
  tenant: string
  key: string
  seconds: number
  concurrency: number
}): Promise<Figures> => {
  return measure({
    origin,
    method: 'POST',
    paths: [`/api/partners/2025-07/${tenant}/events`],
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    // Published: a draft's change is sent only to subscriptions that ask for drafts.
    body: JSON.stringify({ title: `Write [n] ${Math.random()}`, _status: 'published' }),
    expected: 201,
    seconds,
    concurrency,
  })
}

/**
 * Partner creates of one event's performances: one a request, or `batch` a request through
 * `POST /{tenant}/event-instances/batch` (one transaction each). Figures are per request: a
 * batch's records a second are its `rps` times `batch`.
 */
export const measurePerformanceCreates = ({
  origin,
  tenant,
  key,
  event,
  batch,
  seconds,
  concurrency,
}: {
  origin: string
  tenant: string
  key: string
  event: string
  /** Records a request; 1 is the single create. */
  batch: number
  seconds: number
  concurrency: number
}): Promise<Figures> => {
  const record = { event, startDate: '2031-01-01T19:30:00.000Z' }
  return measure({
    origin,
    method: 'POST',
    paths: [`/api/partners/2025-07/${tenant}/event-instances${batch > 1 ? '/batch' : ''}`],
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(
      batch > 1 ? { records: Array<typeof record>(batch).fill(record) } : record,
    ),
    expected: 201,
    seconds,
    concurrency,
  })
}

/** A receiver on loopback that notes when each message arrives, by the record it is about. */
export const startLatencyReceiver = async () => {
  const arrivals = new Map<string, number>()
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const at = performance.now()
      try {
        const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          data?: { id?: string }
        }
        if (message.data?.id && !arrivals.has(message.data.id)) arrivals.set(message.data.id, at)
      } catch {
        // Not a message of ours.
      }
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    host: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}/bench`,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * Creates at a steady `rate` a second for `seconds`. Each is timed from the moment its request
 * is sent to the webhook's arrival at the receiver: the commit happens somewhere between, and
 * the message often arrives before the 201 does, so the request's own answer time is reported
 * beside it.
 */
export const measureDeliveryLatency = async ({
  origin,
  tenant,
  key,
  rate,
  seconds,
  arrivals,
}: {
  origin: string
  tenant: string
  key: string
  rate: number
  seconds: number
  arrivals: Map<string, number>
}): Promise<{
  sent: number
  received: number
  p50: number
  p99: number
  answerP50: number
  beforeAnswer: number
}> => {
  const run = Math.random().toString(36).slice(2, 8)
  const committed = new Map<string, number>()
  const answered = new Map<string, number>()
  const writes: Promise<void>[] = []
  for (let i = 0; i < rate * seconds; i++) {
    const sentAt = performance.now()
    writes.push(
      fetch(`${origin}/api/partners/2025-07/${tenant}/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        // Unique in every round (a title makes the slug), and published, so it is sent.
        body: JSON.stringify({ title: `Latency ${i} ${run}`, _status: 'published' }),
      }).then(async (res) => {
        const body = (await res.json()) as { id?: string }
        if (res.status === 201 && body.id) {
          committed.set(body.id, sentAt)
          answered.set(body.id, performance.now())
        }
      }),
    )
    await new Promise((resolve) => setTimeout(resolve, 1000 / rate))
  }
  await Promise.all(writes)
  const until = Date.now() + 30_000
  while (Date.now() < until && [...committed.keys()].some((id) => !arrivals.has(id)))
    await new Promise((resolve) => setTimeout(resolve, 100))
  const arrived = [...committed.entries()].filter(([id]) => arrivals.has(id))
  const latencies = arrived.map(([id, at]) => (arrivals.get(id) ?? at) - at).sort((a, b) => a - b)
  const answers = [...committed.entries()]
    .map(([id, at]) => (answered.get(id) ?? at) - at)
    .sort((a, b) => a - b)
  return {
    sent: committed.size,
    received: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    answerP50: percentile(answers, 50),
    beforeAnswer: arrived.filter(([id]) => (arrivals.get(id) ?? 0) < (answered.get(id) ?? 0))
      .length,
  }
}
