import net from 'node:net'
import type { LookupFunction } from 'node:net'

import { fairQueue } from './fairQueues'
import { isLocalhostName, isRefusedAddress, serverBusyError, unreachableError } from './outbound'
import { resolveName, type ResolvedAddress } from './resolveName'
import { readSettings } from './settings'

/**
 * RFC 6761: `localhost` and its subdomains are loopback whatever a DNS server says, and c-ares
 * does not read /etc/hosts, so they are answered here. A trusted (allowed) host is the only
 * way they pass the address check.
 */
const loopback: readonly ResolvedAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
]

const addressesOf = async ({
  host,
  owner,
  signal,
}: {
  host: string
  owner: string
  signal?: AbortSignal
}): Promise<readonly ResolvedAddress[]> => {
  const family = net.isIP(host)
  if (family) return [{ address: host, family: family === 4 ? 4 : 6 }]
  const name = host.toLowerCase().replace(/\.$/, '')
  if (isLocalhostName(name)) return loopback
  const { outboundDnsServers, outboundDnsTimeoutMs } = readSettings()
  const ran = await fairQueue({ name: 'lookups' }).run({
    owner,
    task: () =>
      resolveName({
        host: name,
        servers: outboundDnsServers,
        timeoutMs: outboundDnsTimeoutMs,
        signal,
      }).catch(() => undefined),
  })
  if ('over' in ran && ran.over === 'total') throw serverBusyError()
  if (!('value' in ran) || !ran.value) throw unreachableError()
  return ran.value
}

/**
 * The addresses an outbound request to `host` may connect to, for `owner` (a tenant):
 * resolved within the lookup deadline and the owner's share of lookups, and refused whole when
 * any address is private, reserved or this machine's own, unless the host is `trusted` (an
 * allowed host). Every failure is `unreachableError()`: not found, timed out, over the cap and
 * refused look the same to the caller.
 */
export const resolveOutbound = async ({
  host,
  owner,
  trusted,
  signal,
}: {
  host: string
  owner: string
  trusted: boolean
  signal?: AbortSignal
}): Promise<readonly ResolvedAddress[]> => {
  const addresses = await addressesOf({ host, owner, signal })
  if (!trusted && addresses.some((a) => isRefusedAddress(a.address))) throw unreachableError()
  return addresses
}

/**
 * A DNS lookup for `http.request` over `resolveOutbound`, so the connection goes only to an
 * address that was checked (no DNS rebinding between check and connect). `signal` is the
 * request's: aborting it ends the lookup too.
 */
export const guardedLookup =
  ({
    trusted,
    owner,
    signal,
  }: {
    trusted: boolean
    owner: string
    signal?: AbortSignal
  }): LookupFunction =>
  (host, options, callback) => {
    resolveOutbound({ host, owner, trusted, signal }).then(
      (addresses) => {
        const wanted = addresses.filter(
          (a) =>
            !options.family || options.family === a.family || options.family === `IPv${a.family}`,
        )
        const first = wanted[0]
        if (!first) return callback(unreachableError(), '', 4)
        if (options.all) return callback(null, [...wanted])
        callback(null, first.address, first.family)
      },
      (err: Error) => callback(err, '', 4),
    )
  }
