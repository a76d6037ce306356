import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Tenant } from '../../src/payload-types'
import { startApp, waitUntil, type RunningApp } from '../helpers/app'
import { createKey, partner, type Answer } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'
import { startReceiver, type Receiver } from '../helpers/receiver'
import { createTenant } from '../helpers/tenants'

/**
 * Two organisations on one instance: Noisy misbehaves as hard as its keys allow (its receiver
 * never answers; it writes, sends test messages, searches broadly and converts large Markdown
 * in loops), Quiet writes, reads and waits for its webhooks. Quiet must get everything it asks
 * for, and its messages must never wait behind Noisy's hung attempts; Noisy is told 429 itself.
 * The latency ratios are measured by `npm run bench`, not asserted here.
 */
const hangTimeoutMs = 4_000

let app: RunningApp
let payload: Payload
let receiver: Receiver
let noisy: Tenant
let quiet: Tenant
const noisyKeys: string[] = []
let quietKey = ''
let noisyWebhook = ''

const db = (): PostgresAdapter => payload.db as unknown as PostgresAdapter
const api = (tenant: string, key: string) => partner({ origin: app.origin, tenant, key })

/** Words every Noisy event shares, so its searches match everything and rank it all. */
const broad = 'orchestra rehearsal premiere'
const heavyMarkdown = Array.from(
  { length: 400 },
  (_, i) => `- item ${i} with *emphasis* and **strong** and [a link](https://example.com/${i})`,
).join('\n')

beforeAll(async () => {
  payload = await getTestPayload()
  noisy = await createTenant({ payload, slug: 'nn-noisy' })
  quiet = await createTenant({ payload, slug: 'nn-quiet' })
  for (let i = 0; i < 3; i++)
    noisyKeys.push(await createKey({ payload, tenants: [noisy], scope: 'write' }))
  quietKey = await createKey({ payload, tenants: [quiet], scope: 'write' })
  receiver = await startReceiver()
  receiver.answer('/noisy', () => 'hang')
  receiver.answer('/quiet', () => 204)
  app = await startApp({
    env: {
      WEBHOOK_DELIVERY: 'on',
      WEBHOOK_ALLOWED_HOSTS: receiver.host,
      WEBHOOK_TIMEOUT_MS: String(hangTimeoutMs),
      WEBHOOK_RETRY_DELAYS_MS: '100,100,100,100,100,100,100',
    },
  })
  const noisyApi = api('nn-noisy', noisyKeys[0]!)
  const hooked = await noisyApi.call('POST', '/webhooks', { url: receiver.url('/noisy') })
  expect(hooked.status, JSON.stringify(hooked.body)).toBe(201)
  noisyWebhook = String(hooked.body.id)
  const quietHook = await api('nn-quiet', quietKey).call('POST', '/webhooks', {
    url: receiver.url('/quiet'),
    kinds: ['works'],
  })
  expect(quietHook.status).toBe(201)
  // Enough of Noisy's own records that a broad search has work to do.
  for (let i = 0; i < 200; i++)
    await payload.create({
      collection: 'works',
      data: { tenant: noisy.id, title: `Noisy ${broad} ${i}` },
    })
  for (let i = 0; i < 5; i++)
    await payload.create({ collection: 'works', data: { tenant: quiet.id, title: `Quiet ${i}` } })
})

afterAll(async () => {
  await app?.stop()
  await receiver?.close()
})

/** Runs `work` back to back on `lanes` lanes until `stop()` says so; collects statuses. */
const loop = ({
  lanes,
  work,
  stop,
}: {
  lanes: number
  work: (n: number) => Promise<Answer>
  stop: () => boolean
}) => {
  const answers: Answer[] = []
  let n = 0
  const lane = async () => {
    while (!stop()) answers.push(await work(n++))
  }
  return { answers, done: Promise.all(Array.from({ length: lanes }, lane)) }
}

/** Quiet's own traffic: writes that its webhook must deliver, and reads. */
const quietTraffic = async (label: string) => {
  const quietApi = api('nn-quiet', quietKey)
  const reads: Answer[] = []
  const latencies: number[] = []
  for (let i = 0; i < 6; i++) {
    const written = await quietApi.create('works', { title: `${label} ${i}` })
    expect(written.status, JSON.stringify(written.body)).toBe(201)
    const at = Date.now()
    const id = String(written.body.id)
    await waitUntil({
      what: `Quiet's message for ${label} ${i}`,
      timeoutMs: 30_000,
      check: async () => receiver.at('/quiet').some((r) => r.body.includes(id)),
    })
    const arrived = receiver.at('/quiet').find((r) => r.body.includes(id))!.at
    latencies.push(arrived - at)
    for (let r = 0; r < 3; r++) reads.push(await quietApi.list('works', '?limit=10'))
  }
  return { reads, latencies }
}

describe('a noisy neighbour', () => {
  it('takes nothing from a quiet tenant, and is refused its own excess', async () => {
    const calm = await quietTraffic('calm')
    expect(calm.reads.every((r) => r.status === 200)).toBe(true)

    let flooding = true
    const stop = () => !flooding
    const noisyApi = (n: number) => api('nn-noisy', noisyKeys[n % noisyKeys.length]!)
    const writes = loop({
      lanes: 3,
      stop,
      work: (n) => noisyApi(n).create('works', { title: `Flood ${broad} ${n}` }),
    })
    const tests = loop({
      lanes: 3,
      stop,
      work: (n) => noisyApi(n).call('POST', `/webhooks/${noisyWebhook}/test`),
    })
    const searches = loop({
      lanes: 6,
      stop,
      work: (n) => noisyApi(n).list('works', `?search=${encodeURIComponent(broad)}&limit=50`),
    })
    const conversions = loop({
      lanes: 4,
      stop,
      work: (n) =>
        noisyApi(n).create('events', {
          title: `Marked ${n}`,
          descriptionMarkdown: heavyMarkdown,
        }),
    })
    // The flood is under way before Quiet starts.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    let noisyInFlight = 0
    const sampler = setInterval(() => {
      void db()
        .drizzle.execute<{ n: number }>(
          sql`select count(*)::int as n from webhook_deliveries
            where tenant_id = ${noisy.id} and state = 'delivering' and lease_until > now()`,
        )
        .then(({ rows }) => (noisyInFlight = Math.max(noisyInFlight, Number(rows[0]?.n ?? 0))))
    }, 200)
    const stormy = await quietTraffic('stormy')
    flooding = false
    clearInterval(sampler)
    await Promise.all([writes.done, tests.done, searches.done, conversions.done])

    // Quiet got every answer and every message, none of them after one of Noisy's hung attempts.
    expect(stormy.reads.map((r) => r.status)).toEqual(stormy.reads.map(() => 200))
    expect(Math.max(...stormy.latencies)).toBeLessThan(hangTimeoutMs)
    console.log(
      `[noisy-neighbour] Quiet's delivery ms calm ${JSON.stringify(calm.latencies)}, stormy ${JSON.stringify(stormy.latencies)}; Noisy's deliveries in flight at most ${noisyInFlight}`,
    )
    // Noisy holds no more than its share of the delivery slots, and is refused its own excess.
    expect(noisyInFlight).toBeGreaterThan(0)
    expect(noisyInFlight).toBeLessThan(4)
    const refused = [...tests.answers, ...searches.answers, ...conversions.answers].filter(
      (a) => a.status === 429,
    )
    expect(refused.length).toBeGreaterThan(0)
    for (const answer of refused) {
      expect(answer.headers.get('content-type')).toContain('application/problem+json')
      expect(answer.headers.get('retry-after')).toMatch(/^\d+$/)
    }
    expect(tests.answers.some((a) => a.status === 429)).toBe(true)
    // Whatever Noisy was refused, it was never told the service itself was unavailable.
    const all = [...writes.answers, ...tests.answers, ...searches.answers, ...conversions.answers]
    expect(all.filter((a) => a.status >= 500).map((a) => a.body)).toEqual([])
  })
})
