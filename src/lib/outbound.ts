import { lookup as dnsLookup } from 'node:dns'
import net, { BlockList } from 'node:net'

/**
 * IPv4 ranges that are not global unicast (RFC 6890's special-purpose registry): a fetched
 * `src` may reach none of them.
 */
const specialIPv4 = new BlockList()
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  specialIPv4.addSubnet(prefix, bits, 'ipv4')

/** IPv6 global unicast is 2000::/3; these parts of it still lead elsewhere or nowhere. */
const globalIPv6 = new BlockList()
globalIPv6.addSubnet('2000::', 3, 'ipv6')
const specialIPv6 = new BlockList()
for (const [prefix, bits] of [
  ['2001::', 23], // IETF protocol assignments: Teredo (2001::/32), ORCHID, benchmarking
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['3fff::', 20], // documentation
] as const)
  specialIPv6.addSubnet(prefix, bits, 'ipv6')

/**
 * Allows only global unicast addresses: an allow list, so a range nobody thought of (IPv4
 * compatible, NAT64, site-local, ...) is refused by default. IPv4-mapped IPv6 is judged as the
 * IPv4 address it carries.
 */
export const isBlockedAddress = (address: string): boolean => {
  const family = net.isIP(address)
  if (family === 4) return specialIPv4.check(address, 'ipv4')
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
    if (mapped?.[1]) return specialIPv4.check(mapped[1], 'ipv4')
    return !globalIPv6.check(address, 'ipv6') || specialIPv6.check(address, 'ipv6')
  }
  return true
}

/**
 * Why a URL may not be called from the server, or `undefined` when it may (so far as the URL
 * alone tells: its host's addresses are checked again as it is resolved, by `guardedLookup`).
 * `allowedHosts` (host:port) names internal servers the installation trusts although private.
 */
export const outboundRefusal = ({
  url,
  allowedHosts,
}: {
  url: URL
  allowedHosts: readonly string[]
}): string | undefined => {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http or https URL'
  if (url.username || url.password) return 'must not carry credentials'
  const hostname = url.hostname.replace(/^\[|\]$/g, '')
  if (!allowedHosts.includes(url.host) && net.isIP(hostname) && isBlockedAddress(hostname))
    return 'points at a private or reserved address'
  return undefined
}

/** The message a refused lookup fails with, so callers can say why a connection was not made. */
export const blockedAddressMessage = 'blocked address'

/**
 * A DNS lookup for `http.request` that refuses a host with any non-global address, so the
 * connection goes only to an address that was checked (no DNS rebinding between check and
 * connect). `trusted` (an allowed host) skips the check.
 */
export const guardedLookup =
  ({ trusted }: { trusted: boolean }): net.LookupFunction =>
  (host, opts, callback) => {
    dnsLookup(host, { all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4)
      const bad = addresses.find((a) => isBlockedAddress(a.address))
      if (!trusted && bad) return callback(new Error(blockedAddressMessage), '', 4)
      const first = addresses[0]
      if (!first) return callback(new Error('no address'), '', 4)
      if ((opts as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses)
      callback(null, first.address, first.family)
    })
  }
