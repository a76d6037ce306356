import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { lineUpPerformanceJson } from '../../../../../tests/helpers/fakeLineUp'
import type { Connection } from '../../types'
import { makeGetJson } from '../http'
import { lineup } from '.'

// `eachLimited` (providers/limits.ts) lets its other
// workers go on after one task failed: `Promise.all` rejects at once, the run ends failed and
// closes its agents, and the remaining per-performance calls keep going to the box office (with
// the connection's key) until the list is done or the deadline passes. A refresh of 2,000
// performances whose first detail answers 403 makes ~2,000 calls after the run has failed;
// the next run may start beside them.

let calls = 0
let server: http.Server
let origin = ''
let host = ''

beforeAll(async () => {
  server = http.createServer((req, res) => {
    calls++
    const id = Number(/performance\/(\d+)\//.exec(req.url ?? '')?.[1])
    if (id === 1) {
      res.writeHead(403, { 'content-type': 'application/json' })
      return res.end('{"detail":"no"}')
    }
    const text = JSON.stringify({
      data: lineUpPerformanceJson({ id, eventId: 151, startDate: '2026-12-01' }),
    })
    setTimeout(() => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
      })
      res.end(text)
    }, 5)
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
  credentials: { apiKey: 'k' },
  daysAhead: 90,
  importNewEvents: false,
  syncToPublished: true,
  removalLimitPercent: 50,
  availabilityDaysAhead: 14,
})

describe('calls after a failed read', () => {
  it('makes no box-office call once the read has failed', async () => {
    const { getJson, close } = makeGetJson({
      owner: 't',
      deadline: Date.now() + 30_000,
      timeoutMs: 5_000,
      maxBytes: 1_000_000,
      allowedHosts: [host],
      label: 'Line-Up',
    })
    const instances = Array.from({ length: 200 }, (_, n) => ({
      externalId: String(n + 1),
      eventExternalId: '151',
      start: '2026-12-01T19:30:00Z',
    }))
    const failed = await lineup.readAvailability!({
      connection: connection(),
      getJson,
      instances,
      window: { from: new Date(), to: new Date(Date.now() + 14 * 86_400_000) },
    }).then(
      () => 'read',
      (err: Error) => err.message,
    )
    close()
    const atFailure = calls
    await sleep(1_500)
    expect(failed).toMatch(/403/)
    expect(calls - atFailure).toBe(0)
  })
})
