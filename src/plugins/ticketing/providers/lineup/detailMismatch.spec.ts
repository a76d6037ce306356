import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { lineUpEventJson, lineUpPerformanceJson } from '../../../../../tests/helpers/fakeLineUp'
import type { Connection } from '../../types'
import { makeGetJson } from '../http'
import { lineup } from '.'

// `read` keeps performances by the LIST's id and event
// (the window, `wanted`, de-duplication), then maps each from its DETAIL answer
// (`detailed.get(listed.id) ?? listed`) without checking that the detail is the performance
// asked for. A box office (or a proxy/cache in front of it) whose `performance/{id}/` answers
// another performance makes the catalogue hold one id twice, or a performance under an event
// the run never judged `wanted`. `readAvailability` has the same gap (`mapLive` takes the
// detail's id).

const apiKey = 'lu-key'
const list = [
  lineUpPerformanceJson({ id: 1001, eventId: 151, startDate: '2026-10-11' }),
  lineUpPerformanceJson({ id: 1002, eventId: 151, startDate: '2026-10-12' }),
]
const details: Record<string, unknown> = {
  '1001': list[0],
  // Asked for 1002, answers 1001 again.
  '1002': list[0],
  // Asked for 1003 (wanted under event 151), answers a performance of event 999.
  '1003': lineUpPerformanceJson({ id: 1003, eventId: 999, startDate: '2026-10-13' }),
}

let server: http.Server
let origin = ''
let host = ''

beforeAll(async () => {
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
    if (url.pathname === '/api/performance/')
      return send({
        data: [...list, lineUpPerformanceJson({ id: 1003, eventId: 151, startDate: '2026-10-13' })],
        next_page: null,
      })
    const event = /^\/api\/event\/(\d+)\/$/.exec(url.pathname)
    if (event) return send({ data: lineUpEventJson({ id: Number(event[1]) }) })
    const perf = /^\/api\/performance\/(\d+)\/$/.exec(url.pathname)
    if (perf && details[perf[1]!]) return send({ data: details[perf[1]!] })
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  origin = `http://127.0.0.1:${port}`
  host = `127.0.0.1:${port}`
})
afterAll(async () => {
  await new Promise((r) => server.close(r))
})

const connection = (): Connection => ({
  id: 'c',
  tenantId: 't',
  provider: 'lineup',
  settings: { baseUrl: `${origin}/api` },
  credentials: { apiKey },
  daysAhead: 90,
  importNewEvents: false,
  syncToPublished: true,
  removalLimitPercent: 50,
  availabilityDaysAhead: 14,
})

describe('a Line-Up detail answering another performance', () => {
  it('never yields an instance other than the one listed, kept and asked for', async () => {
    const { getJson, close } = makeGetJson({
      owner: 't',
      deadline: Date.now() + 30_000,
      timeoutMs: 5_000,
      maxBytes: 1_000_000,
      allowedHosts: [host],
      label: 'Line-Up',
    })
    const asked: string[] = []
    let outcome: string
    let pairs: string[] = []
    try {
      const catalogue = await lineup.read({
        connection: connection(),
        window: { from: new Date('2026-10-01T00:00:00Z'), to: new Date('2026-12-31T00:00:00Z') },
        getJson,
        // Event 999 is none of the run's: a paused link, say.
        wanted: ({ externalId, eventExternalId }) => {
          asked.push(`${externalId}@${eventExternalId}`)
          return eventExternalId === '151'
        },
        linkedEventIds: ['151'],
        maxRecords: 1_000,
      })
      outcome = 'read'
      pairs = catalogue.instances.map((i) => `${i.externalId}@${i.eventExternalId}`)
    } catch (err) {
      outcome = `failed: ${(err as Error).message}`
    } finally {
      close()
    }
    // Either the run fails ("answered performance 1001 for 1002") or it yields only what it
    if (outcome === 'read') expect(pairs).toEqual(['1001@151', '1002@151', '1003@151'])
    else expect(outcome).toMatch(/^failed/)
  })
})
