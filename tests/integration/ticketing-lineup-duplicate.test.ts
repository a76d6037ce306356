import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomUUID } from 'node:crypto'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Tenant, TicketingConnection } from '../../src/payload-types'
import { executeSync } from '../../src/plugins/ticketing/exports'
import { optionDefaults, type TicketingOptions } from '../../src/plugins/ticketing/defaults'
import type { Connection, RunOutcome } from '../../src/plugins/ticketing/types'
import { lineUpEventJson, lineUpPerformanceJson } from '../helpers/fakeLineUp'
import { getTestPayload } from '../helpers/payload'

/**
 * in-process engine run: a Line-Up whose
 * `performance/1002/` answers performance 1001 (a hostile or broken box office, a caching
 * proxy keyed wrongly). Today the run "succeeds" and the CMS holds two performances that both
 * claim to be Line-Up 1001, and none for 1002; the next run adopts one and the other stays
 * an orphan copy on the website. Expected: the run refuses the answer (fails, nothing
 * written), or at least never writes one box-office id twice.
 */
let payload: Payload
let tenant: Tenant
let server: http.Server
let origin = ''
let host = ''
let connectionId = ''

const start = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const list = () => [
  lineUpPerformanceJson({ id: 1001, eventId: 151, startDate: start(3) }),
  lineUpPerformanceJson({ id: 1002, eventId: 151, startDate: start(4) }),
]

const setOptions = (changes: Partial<TicketingOptions>): void => {
  Object.assign(payload.config.custom.ticketing as TicketingOptions, changes)
}

beforeAll(async () => {
  payload = await getTestPayload()
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const send = (body: unknown) => {
      const text = JSON.stringify(body)
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
      })
      res.end(text)
    }
    if (url.pathname === '/api/event/')
      return send({ data: [lineUpEventJson({ id: 151, name: 'Review Seagull' })], next_page: null })
    if (url.pathname === '/api/performance/') return send({ data: list(), next_page: null })
    if (url.pathname === '/api/event/151/')
      return send({ data: lineUpEventJson({ id: 151, name: 'Review Seagull' }) })
    // Both details answer performance 1001.
    if (/^\/api\/performance\/100[12]\/$/.test(url.pathname)) return send({ data: list()[0] })
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  origin = `http://127.0.0.1:${port}`
  host = `127.0.0.1:${port}`
  setOptions({ allowedHosts: [host] })
  const slug = `rr-lu-${randomUUID().slice(0, 8)}`
  tenant = await payload.create({ collection: 'tenants', data: { name: slug, slug } })
  const connection = (await payload.create({
    collection: 'ticketing-connections',
    overrideAccess: true,
    data: {
      tenant: tenant.id,
      name: 'RR Line-Up',
      provider: 'lineup',
      lineup: { baseUrl: `${origin}/api` },
      credentials: { apiKey: 'k' },
      syncEveryMinutes: 0,
      availabilityEveryMinutes: 0,
    } as never,
  })) as TicketingConnection
  connectionId = String(connection.id)
})

afterAll(async () => {
  setOptions({ allowedHosts: optionDefaults.allowedHosts })
  await new Promise((r) => server.close(r))
})

const connectionOf = (): Connection => ({
  id: connectionId,
  tenantId: tenant.id,
  provider: 'lineup',
  settings: { baseUrl: `${origin}/api` },
  credentials: { apiKey: 'k' },
  daysAhead: 60,
  importNewEvents: true,
  syncToPublished: true,
  removalLimitPercent: 50,
  availabilityDaysAhead: 14,
})

const sync = (): Promise<RunOutcome> =>
  executeSync({
    payload,
    run: {
      runId: randomUUID(),
      connection: connectionOf(),
      dryRun: false,
      confirmRemovals: false,
      deadline: Date.now() + 60_000,
      heartbeat: async () => undefined,
    },
  })

describe('Line-Up detail for another performance, through the engine', () => {
  it('never stores one Line-Up performance twice', async () => {
    const outcome = await sync()
    const found = await payload.find({
      collection: 'event-instances',
      where: { tenant: { equals: tenant.id } },
      overrideAccess: true,
      depth: 0,
      pagination: false,
    })
    const ids = found.docs.map((d) => (d as { lineup?: { ticketId?: string } }).lineup?.ticketId)
    expect(new Set(ids).size).toBe(ids.length)
    expect(outcome).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/answered performance/),
    })
  })
})
