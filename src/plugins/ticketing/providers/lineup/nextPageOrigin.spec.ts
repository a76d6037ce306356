import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Connection } from '../../types'
import { makeGetJson } from '../http'
import { lineup } from '.'

// a Line-Up answer's `next_page` given as an absolute
// address on ANOTHER host is followed, and the connection's `Authorization: Bearer <apiKey>`
// (and `x-channel`) go with it. The outbound rule only keeps private addresses out; any public
// host a tampered / hostile / compromised answer names receives the tenant's Line-Up key.
// Here both servers are on loopback, so both are named as allowed hosts (the stand-in for
// "a public address that passes the outbound rule").

const apiKey = 'lu-secret'
type Seen = { host: string; path: string; authorization?: string; channel?: string }
const seen: Seen[] = []

const listen = async (handler: http.RequestListener) => {
  const server = http.createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { server, host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` }
}

const record = (name: string, req: http.IncomingMessage) =>
  seen.push({
    host: name,
    path: req.url ?? '',
    authorization: req.headers.authorization,
    channel: req.headers['x-channel'] as string | undefined,
  })

const json = (res: http.ServerResponse, body: unknown) => {
  const text = JSON.stringify(body)
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  })
  res.end(text)
}

let boxOffice: Awaited<ReturnType<typeof listen>>
let elsewhere: Awaited<ReturnType<typeof listen>>

beforeAll(async () => {
  // The collector on another host: answers an empty last page, so the run goes on normally.
  elsewhere = await listen((req, res) => {
    record('elsewhere', req)
    json(res, { data: [], next_page: null })
  })
  boxOffice = await listen((req, res) => {
    record('boxOffice', req)
    const url = new URL(req.url ?? '/', 'http://x')
    if (url.pathname === '/api/performance/')
      return json(res, { data: [], next_page: `${elsewhere.origin}/collect?page=2` })
    if (url.pathname === '/api/event/151/')
      return json(res, { data: { id: 151, name: 'The Seagull' } })
    res.writeHead(404).end()
  })
})
afterAll(async () => {
  await new Promise((r) => boxOffice.server.close(r))
  await new Promise((r) => elsewhere.server.close(r))
})

const connection = (): Connection => ({
  id: 'c',
  tenantId: 't',
  provider: 'lineup',
  settings: { baseUrl: `${boxOffice.origin}/api`, channelId: '7' },
  credentials: { apiKey },
  daysAhead: 90,
  importNewEvents: false,
  syncToPublished: true,
  removalLimitPercent: 50,
  availabilityDaysAhead: 14,
})

describe('Line-Up next_page on another host', () => {
  it('never sends the connection key to a host other than its base URL', async () => {
    const { getJson, close } = makeGetJson({
      owner: 't',
      deadline: Date.now() + 30_000,
      timeoutMs: 5_000,
      maxBytes: 1_000_000,
      allowedHosts: [boxOffice.host, elsewhere.host],
      label: 'Line-Up',
    })
    try {
      await lineup
        .read({
          connection: connection(),
          window: { from: new Date('2026-10-01T00:00:00Z'), to: new Date('2026-12-31T00:00:00Z') },
          getJson,
          wanted: () => true,
          linkedEventIds: ['151'],
          maxRecords: 1_000,
        })
        .catch(() => undefined)
    } finally {
      close()
    }
    const leaked = seen.filter((s) => s.host === 'elsewhere')
    expect(leaked.map((s) => ({ path: s.path, authorization: s.authorization }))).toEqual([])
  })
})

describe('Line-Up next_page downgraded to http', () => {
  // A framework behind a TLS-terminating proxy often builds absolute `next` links with
  // `http://`: the key must not follow it in clear text.
  it('is refused, never followed', async () => {
    const { nextPage } = await import('./pages')
    const current = new URL('https://api.line-up.tickets/api/performance/?event_id=1&page=1')
    expect(() =>
      nextPage({
        body: {
          data: [],
          next_page: 'http://api.line-up.tickets/api/performance/?event_id=1&page=2',
        },
        current,
      }),
    ).toThrow(/another address \(http:\/\/api.line-up.tickets\)/)
  })
})
