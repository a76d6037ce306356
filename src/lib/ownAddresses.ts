import net, { BlockList } from 'node:net'
import os from 'node:os'

/** Interfaces change rarely (a container's never); reading them per request would cost more. */
const refreshMs = 30_000

let known: { list: BlockList; at: number } | undefined

const collect = (): BlockList => {
  const list = new BlockList()
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const entry of entries ?? []) {
      // A link-local address carries its zone ("fe80::1%eth0"): the zone names no address.
      const address = entry.address.split('%')[0] ?? ''
      const family = net.isIP(address)
      if (family) list.addAddress(address, family === 4 ? 'ipv4' : 'ipv6')
    }
  }
  return list
}

/**
 * Whether `address` is one of this machine's own: a public one still leads to the server's
 * own services (the app itself, anything bound to all interfaces), so it is refused as a
 * private one is. IPv4-mapped IPv6 is judged as the IPv4 address it carries.
 */
export const isOwnAddress = (address: string): boolean => {
  if (!known || Date.now() - known.at > refreshMs) known = { list: collect(), at: Date.now() }
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  const plain = mapped ?? address
  const family = net.isIP(plain)
  if (!family) return false
  return known.list.check(plain, family === 4 ? 'ipv4' : 'ipv6')
}
