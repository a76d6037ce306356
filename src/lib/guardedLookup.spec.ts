import crypto from 'node:crypto'
import { promises as fs } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { startDnsServer, type DnsEntry } from '../../tests/helpers/dnsServer'
import { fairQueueBounds } from './fairQueues'
import { guardedLookup, resolveOutbound } from './guardedLookup'
import { isUnreachableError, unreachable } from './outbound'
import { resolveName } from './resolveName'

// This machine "has" a public address, to prove its own addresses are refused though global.
const ownPublic = '198.41.0.4'
vi.spyOn(os, 'networkInterfaces').mockReturnValue({
  eth9: [
    {
      address: ownPublic,
      netmask: '255.255.255.0',
      family: 'IPv4',
      mac: '00:00:00:00:00:00',
      internal: false,
      cidr: `${ownPublic}/24`,
    },
  ],
})

/** What the test DNS server knows; a name missing here is NXDOMAIN, `hang` never answers. */
const zone: Record<string, DnsEntry> = {
  'public.test': { a: ['93.184.216.34'] },
  'private.test': { a: ['10.0.0.1'] },
  'mixed.test': { a: ['93.184.216.34'], aaaa: ['::1'] },
  'v6only.test': { aaaa: ['2606:4700::1111'] },
  'own.test': { a: [ownPublic] },
  'loop.test': { a: ['127.0.0.1'] },
  'hang.test': { hang: true },
}

let dns: Awaited<ReturnType<typeof startDnsServer>>
let web: http.Server
let webPort: number

beforeAll(async () => {
  dns = await startDnsServer({ zone })
  process.env.OUTBOUND_DNS_SERVERS = dns.server
  process.env.OUTBOUND_DNS_TIMEOUT_MS = '1500'
  web = http.createServer((_req, res) => res.end('reached'))
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve))
  webPort = (web.address() as AddressInfo).port
})

afterAll(async () => {
  await dns.close()
  await new Promise((resolve) => web.close(resolve))
})

const servers = (): string[] => [process.env.OUTBOUND_DNS_SERVERS ?? '']

/** What a lookup ends with: its addresses, or the message it failed with. */
const outcome = (args: Parameters<typeof resolveOutbound>[0]): Promise<string[] | string> =>
  resolveOutbound(args).then(
    (addresses) => addresses.map((a) => a.address),
    (err: Error) => (isUnreachableError(err) ? err.message : `other: ${err.message}`),
  )

describe('resolveName', () => {
  it('answers both families, and either alone', async () => {
    expect(await resolveName({ host: 'mixed.test', servers: servers(), timeoutMs: 1000 })).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '::1', family: 6 },
    ])
    expect(await resolveName({ host: 'v6only.test', servers: servers(), timeoutMs: 1000 })).toEqual(
      [{ address: '2606:4700::1111', family: 6 }],
    )
  })

  it('ends at its deadline, and when its signal aborts', async () => {
    let started = performance.now()
    await expect(
      resolveName({ host: 'hang.test', servers: servers(), timeoutMs: 400 }),
    ).rejects.toThrow()
    expect(performance.now() - started).toBeLessThan(1_000)

    const controller = new AbortController()
    setTimeout(() => controller.abort(), 100)
    started = performance.now()
    await expect(
      resolveName({
        host: 'hang.test',
        servers: servers(),
        timeoutMs: 10_000,
        signal: controller.signal,
      }),
    ).rejects.toThrow()
    expect(performance.now() - started).toBeLessThan(1_000)
  })

  it('leaves the thread pool free while names hang', async () => {
    // Twice libuv's four threads: with dns.lookup these would stall hashing and file reads.
    const hanging = Array.from({ length: 8 }, () =>
      resolveName({ host: 'hang.test', servers: servers(), timeoutMs: 3_000 }).catch(() => 'ended'),
    )
    await new Promise((resolve) => setTimeout(resolve, 100))
    const started = performance.now()
    await Promise.all([
      promisify(crypto.pbkdf2)('password', 'salt', 10_000, 32, 'sha256'),
      fs.readFile(fileURLToPath(import.meta.url)),
    ])
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(await Promise.all(hanging)).toEqual(Array(8).fill('ended'))
  })
})

describe('resolveOutbound', () => {
  it('answers a public name, and every refusal with one message', async () => {
    expect(await outcome({ host: 'public.test', owner: 't', trusted: false })).toEqual([
      '93.184.216.34',
    ])
    for (const host of [
      'private.test',
      'mixed.test', // one private address among public ones refuses the host
      'own.test', // this machine's, though public
      'nowhere.test',
      'hang.test',
      'localhost',
      '10.0.0.1',
    ])
      expect(await outcome({ host, owner: 't', trusted: false }), host).toBe(unreachable)
  })

  it('lets a trusted host be private or local, and answers localhost without DNS', async () => {
    expect(await outcome({ host: 'own.test', owner: 't', trusted: true })).toEqual([ownPublic])
    expect(await outcome({ host: 'LOCALHOST.', owner: 't', trusted: true })).toEqual([
      '127.0.0.1',
      '::1',
    ])
    expect(await outcome({ host: 'nowhere.test', owner: 't', trusted: true })).toBe(unreachable)
  })

  it("gives each tenant its share of lookups: one tenant's hanging names do not stop another's", async () => {
    const { perOwner, waitingPerOwner } = fairQueueBounds.lookups()
    const greedy = Array.from({ length: perOwner + waitingPerOwner }, () =>
      outcome({ host: 'hang.test', owner: 'greedy', trusted: false }),
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    let started = performance.now()
    // Over its share: refused at once, with the message a missing name gets.
    expect(await outcome({ host: 'public.test', owner: 'greedy', trusted: false })).toBe(
      unreachable,
    )
    expect(performance.now() - started).toBeLessThan(200)
    started = performance.now()
    expect(await outcome({ host: 'public.test', owner: 'patient', trusted: false })).toEqual([
      '93.184.216.34',
    ])
    expect(performance.now() - started).toBeLessThan(500)
    expect(new Set(await Promise.all(greedy))).toEqual(new Set([unreachable]))
  })
})

describe('guardedLookup', () => {
  const get = ({ host, trusted }: { host: string; trusted: boolean }): Promise<string> =>
    new Promise((resolve) => {
      const req = http.get(
        `http://${host}:${webPort}/`,
        { lookup: guardedLookup({ trusted, owner: 't' }) },
        (res) => {
          res.resume()
          resolve(String(res.statusCode))
        },
      )
      req.on('error', (err) => resolve(isUnreachableError(err) ? unreachable : err.message))
    })

  it('connects only to the addresses it checked', async () => {
    expect(await get({ host: 'loop.test', trusted: false })).toBe(unreachable)
    expect(await get({ host: 'loop.test', trusted: true })).toBe('200')
    expect(await get({ host: 'localhost', trusted: true })).toBe('200')
    expect(await get({ host: 'nowhere.test', trusted: true })).toBe(unreachable)
  })
})
