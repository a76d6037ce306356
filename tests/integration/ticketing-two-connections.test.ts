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
 * in-process engine runs. A tenant may hold ten
 * connections, of one provider too (two venues, each with its own Line-Up or Tessitura
 * account). A CMS event names a box-office id (`lineup.eventId`, Tessitura's season ids) but
 * no connection, and every connection of that provider reads "the tenant's events naming a
 * <provider> event" (`engine/state.ts` `readCmsState`). Line-Up and Tessitura ids are small
 * integers per account, so two accounts' ids meet: venue B's run takes venue A's event as its
 * own, overwrites its provider fields (`lineup.eventName`, ...) and adds B's performances under
 * it; each run then fights the other for the event's fields on every schedule.
 */
let payload: Payload
let tenant: Tenant
const servers: http.Server[] = []
const venues: Record<'a' | 'b', { origin: string; host: string; connectionId: string }> = {
  a: { origin: '', host: '', connectionId: '' },
  b: { origin: '', host: '', connectionId: '' },
}
const start = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

const boxOffice = async (name: string, perfId: number, days: number) => {
  const perf = lineUpPerformanceJson({ id: perfId, eventId: 151, startDate: start(days) })
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const send = (body: unknown) => {
      const text = JSON.stringify(body)
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
      })
      res.end(text)
    }
    if (url.pathname === '/api/performance/') return send({ data: [perf], next_page: null })
    if (url.pathname === '/api/event/151/')
      return send({ data: lineUpEventJson({ id: 151, name }) })
    if (url.pathname === `/api/performance/${perfId}/`) return send({ data: perf })
    res.writeHead(404).end()
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { origin: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}` }
}

const setOptions = (changes: Partial<TicketingOptions>): void => {
  Object.assign(payload.config.custom.ticketing as TicketingOptions, changes)
}

beforeAll(async () => {
  payload = await getTestPayload()
  Object.assign(venues.a, await boxOffice('Venue A: Hamlet', 5001, 3))
  Object.assign(venues.b, await boxOffice('Venue B: Cats', 7001, 4))
  setOptions({ allowedHosts: [venues.a.host, venues.b.host] })
  const slug = `rr-two-${randomUUID().slice(0, 8)}`
  tenant = await payload.create({ collection: 'tenants', data: { name: slug, slug } })
  for (const key of ['a', 'b'] as const) {
    const c = (await payload.create({
      collection: 'ticketing-connections',
      overrideAccess: true,
      data: {
        tenant: tenant.id,
        name: `Venue ${key}`,
        provider: 'lineup',
        lineup: { baseUrl: `${venues[key].origin}/api` },
        credentials: { apiKey: 'k' },
        syncEveryMinutes: 0,
        availabilityEveryMinutes: 0,
      } as never,
    })) as TicketingConnection
    venues[key].connectionId = String(c.id)
  }
  // Venue A's editor links the event to A's Line-Up event 151.
  await payload.create({
    collection: 'events',
    overrideAccess: true,
    data: {
      tenant: tenant.id,
      title: 'Hamlet',
      _status: 'published',
      lineup: { eventId: '151', syncConnected: true, syncToPublished: true },
    } as never,
  })
})

afterAll(async () => {
  setOptions({ allowedHosts: optionDefaults.allowedHosts })
  for (const s of servers) await new Promise((r) => s.close(r))
})

const sync = (key: 'a' | 'b'): Promise<RunOutcome> => {
  const connection: Connection = {
    id: venues[key].connectionId,
    tenantId: tenant.id,
    provider: 'lineup',
    settings: { baseUrl: `${venues[key].origin}/api` },
    credentials: { apiKey: 'k' },
    daysAhead: 60,
    importNewEvents: false,
    syncToPublished: true,
    removalLimitPercent: 50,
    availabilityDaysAhead: 14,
  }
  return executeSync({
    payload,
    run: {
      runId: randomUUID(),
      connection,
      dryRun: false,
      confirmRemovals: false,
      deadline: Date.now() + 60_000,
      heartbeat: async () => undefined,
    },
  })
}

describe('two connections of one provider in a tenant', () => {
  it("venue B's run leaves venue A's event alone", async () => {
    expect((await sync('a')).status).toBe('succeeded')
    const b = await sync('b')
    const events = await payload.find({
      collection: 'events',
      where: { tenant: { equals: tenant.id } },
      overrideAccess: true,
      draft: true,
      depth: 0,
    })
    const event = events.docs[0] as unknown as { id: string; lineup: { eventName: string } }
    const perfs = await payload.find({
      collection: 'event-instances',
      where: { event: { equals: event.id } },
      overrideAccess: true,
      depth: 0,
    })
    const ticketIds = perfs.docs.map(
      (d) => (d as { lineup?: { ticketId?: string } }).lineup?.ticketId,
    )
    expect(b).toMatchObject({ status: 'succeeded', counts: { created: 0, updated: 0 } })
    expect({ eventName: event.lineup.eventName, ticketIds }).toEqual({
      eventName: 'Venue A: Hamlet',
      ticketIds: ['5001'],
    })
  })
})
