import net, { BlockList } from 'node:net'

import { isOwnAddress } from './ownAddresses'

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
 * RFC 6761: `localhost` and its subdomains are loopback whatever a DNS server says, in any
 * case and with a trailing dot. `guardedLookup` answers them as loopback; a check of a setting
 * may refuse them as it refuses a loopback address.
 */
export const isLocalhostName = (host: string): boolean => {
  const name = host.toLowerCase().replace(/\.$/, '')
  return name === 'localhost' || name.endsWith('.localhost')
}

/**
 * An address no untrusted request may reach: anything but global unicast, and this machine's
 * own addresses, public or not.
 */
export const isRefusedAddress = (address: string): boolean =>
  isBlockedAddress(address) || isOwnAddress(address)

/**
 * What every target that is refused or not found is said to be, after "The target" or
 * "\"src\"": one phrase for a private address, a name that does not resolve, a lookup that
 * timed out or was over its cap, and a connection that failed, so no answer tells an internal
 * name, address or port from one that does not exist.
 */
export const unreachable = 'could not be reached'

const unreachableCode = 'EOUTBOUNDUNREACHABLE'

/** The error a refused or failed lookup ends with; its message says nothing of why. */
export const unreachableError = (): Error =>
  Object.assign(new Error(unreachable), { code: unreachableCode })

export const isUnreachableError = (err: unknown): boolean =>
  (err as { code?: unknown } | null)?.code === unreachableCode

/**
 * A lookup refused because the whole server has as many under way as it takes: unreachable to
 * every caller that tells no more, but a webhook attempt is not the receiver's failure.
 */
export const serverBusyError = (): Error => Object.assign(unreachableError(), { serverBusy: true })

export const isServerBusyError = (err: unknown): boolean =>
  isUnreachableError(err) && (err as { serverBusy?: unknown }).serverBusy === true

/** Whether `allowedHosts` (host:port, trusted although private) names the URL's host. */
export const isTrustedHost = ({
  url,
  allowedHosts,
}: {
  url: URL
  allowedHosts: readonly string[]
}): boolean => allowedHosts.includes(url.host)

/**
 * Why a URL may not be called from the server, or `undefined` when it may (so far as the URL
 * alone tells: its host's addresses are checked again as it is resolved, by `guardedLookup`).
 * `allowedHosts` (host:port) names internal servers the installation trusts although private.
 * A refused address answers `unreachable`, as a name that does not resolve will.
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
  if (!isTrustedHost({ url, allowedHosts }) && net.isIP(hostname) && isRefusedAddress(hostname))
    return unreachable
  return undefined
}
