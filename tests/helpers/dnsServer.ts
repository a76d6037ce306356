import dgram from 'node:dgram'

/** What the server knows of a name; a name it does not know is NXDOMAIN. */
export type DnsEntry = { a?: string[]; aaaa?: string[]; hang?: true }

const ipv6Bytes = (address: string): Buffer => {
  const [head = '', tail = ''] = address.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
  return Buffer.from(groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]))
}

/** A DNS answer to one question: just enough of RFC 1035 for A and AAAA. */
const answer = ({
  query,
  zone,
}: {
  query: Buffer
  zone: Record<string, DnsEntry>
}): Buffer | undefined => {
  let at = 12
  const labels: string[] = []
  while (query[at]) {
    labels.push(query.subarray(at + 1, at + 1 + query[at]!).toString())
    at += query[at]! + 1
  }
  const questionEnd = at + 5
  const type = query.readUInt16BE(at + 1)
  const entry = zone[labels.join('.').toLowerCase()]
  if (entry?.hang) return undefined
  const addresses = (type === 1 ? entry?.a : type === 28 ? entry?.aaaa : undefined) ?? []
  const header = Buffer.alloc(12)
  query.copy(header, 0, 0, 2)
  header.writeUInt16BE(entry ? 0x8180 : 0x8183, 2) // a response; NXDOMAIN for an unknown name
  header.writeUInt16BE(1, 4)
  header.writeUInt16BE(addresses.length, 6)
  const records = addresses.map((address) => {
    const data = type === 1 ? Buffer.from(address.split('.').map(Number)) : ipv6Bytes(address)
    const record = Buffer.alloc(12)
    record.writeUInt16BE(0xc00c, 0) // the name: a pointer to the question's
    record.writeUInt16BE(type, 2)
    record.writeUInt16BE(1, 4)
    record.writeUInt32BE(60, 6)
    record.writeUInt16BE(data.length, 10)
    return Buffer.concat([record, data])
  })
  return Buffer.concat([header, query.subarray(12, questionEnd), ...records])
}

/**
 * A DNS server on loopback (UDP) that answers A and AAAA from `zone`, NXDOMAIN for names it
 * does not know, and nothing at all for a `hang` entry: what outbound lookups are tested
 * against (`OUTBOUND_DNS_SERVERS`), since c-ares asks servers and reads no hosts file.
 */
export const startDnsServer = async ({ zone }: { zone: Record<string, DnsEntry> }) => {
  const socket = dgram.createSocket('udp4')
  socket.on('message', (query, peer) => {
    const reply = answer({ query, zone })
    if (reply) socket.send(reply, peer.port, peer.address)
  })
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  return {
    /** `ip:port`, as `OUTBOUND_DNS_SERVERS` takes it. */
    server: `127.0.0.1:${socket.address().port}`,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  }
}
