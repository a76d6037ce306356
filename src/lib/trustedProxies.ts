import { BlockList, isIP } from 'node:net'

/** The peers whose `X-Forwarded-For` and `X-Request-Id` the server believes. */
export type TrustedProxies = {
  /** Whether an address (IPv4, IPv6 or IPv4-mapped IPv6) is one of them. */
  has: (address: string) => boolean
  /** Whether the list is empty: then no header is believed and no header is read. */
  none: boolean
}

const familyOf = (address: string): 'ipv4' | 'ipv6' | undefined => {
  const family = isIP(address)
  return family === 4 ? 'ipv4' : family === 6 ? 'ipv6' : undefined
}

/**
 * `TRUSTED_PROXIES` as a list: addresses and CIDR ranges, IPv4 and IPv6. Node's BlockList
 * matches an IPv4 rule against the IPv4-mapped IPv6 form a dual-stack socket reports, and the
 * other way round. An entry that is neither throws, naming it: a proxy left out by a typo would
 * make every client look like the balancer, and share its failed-auth limit.
 */
export const trustedProxiesOf = (entries: readonly string[]): TrustedProxies => {
  const list = new BlockList()
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/')
    const family = familyOf(address)
    const bits = prefix === undefined ? undefined : Number(prefix)
    const max = family === 'ipv4' ? 32 : 128
    if (
      !family ||
      extra !== undefined ||
      (bits !== undefined && (!/^\d{1,3}$/.test(prefix ?? '') || bits > max))
    ) {
      throw new Error(
        `Setting TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range (such as 10.0.0.0/8 or fd00::/8)`,
      )
    }
    if (bits === undefined) list.addAddress(address, family)
    else list.addSubnet(address, bits, family)
  }
  return {
    none: entries.length === 0,
    has: (address) => {
      const family = familyOf(address)
      return family !== undefined && list.check(address, family)
    },
  }
}

/**
 * One hop of `X-Forwarded-For` as an address: proxies may add a port (`1.2.3.4:5678`,
 * `[::1]:80`) or brackets. Anything else is no address.
 */
const hopAddress = (hop: string): string | undefined => {
  const text = hop.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text)?.[1]
  const candidate = bracketed ?? (/^[\d.]+:\d+$/.test(text) ? text.split(':')[0] : text)
  return candidate && isIP(candidate) ? candidate : undefined
}

/**
 * The client's address: the socket's peer, unless that peer is a trusted proxy; then
 * `X-Forwarded-For` is walked from the right (the hop nearest us), skipping trusted proxies,
 * and the first untrusted address is the client. A hop that is no address ends the walk at the
 * last address a trusted proxy vouched for: what lies left of it anyone could have written.
 */
export const clientAddressOf = ({
  peer,
  forwardedFor,
  trusted,
}: {
  peer: string
  /** The header as Node gives it: repeated headers joined by commas. */
  forwardedFor: string | undefined
  trusted: TrustedProxies
}): string => {
  if (trusted.none || !forwardedFor || !trusted.has(peer)) return peer
  let client = peer
  const hops = forwardedFor.split(',')
  for (let at = hops.length - 1; at >= 0; at -= 1) {
    const address = hopAddress(hops[at] ?? '')
    if (!address) return client
    client = address
    if (!trusted.has(address)) return address
  }
  return client
}
