import { lookup as dnsLookup } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import net, { BlockList } from 'node:net'

import { fail } from './problems'

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

export type FetchedFile = { data: Buffer; mimetype: string; name: string; size: number }

type Options = {
  maxBytes: number
  timeoutMs: number
  allowedHosts: readonly string[]
  mimeTypes: readonly string[]
}

/** The file name a URL's last path segment suggests, whatever its escapes. */
const nameFrom = (url: URL, mimetype: string): string => {
  const segment = url.pathname.split('/').pop() || 'download'
  let decoded = segment
  try {
    decoded = decodeURIComponent(segment)
  } catch {
    // A malformed escape: keep the segment as sent.
  }
  const base = decoded.replace(/[^A-Za-z0-9._-]+/g, '-').slice(-200) || 'download'
  const extension = mimetype.split('/')[1]?.replace('jpeg', 'jpg') ?? 'bin'
  return base.includes('.') ? base : `${base}.${extension}`
}

const refuse = (detail: string): never =>
  fail({
    status: 400,
    type: 'src-not-fetched',
    detail,
    errors: [{ field: 'src', message: detail }],
  })

/**
 * Fetches a partner's remote `src` for a media create. Only http(s); the host's every address
 * is checked, and the connection goes to the address that was checked (no DNS rebinding);
 * each redirect is checked again; a size cap applies, and one deadline covers DNS, connect,
 * headers, body and every redirect together. `signal` (the partner's request) cancels it when
 * the partner hangs up. `allowedHosts` (host:port) names internal asset servers that may be
 * private.
 */
export const fetchRemoteFile = async ({
  src,
  options,
  signal,
}: {
  src: string
  options: Options
  signal?: AbortSignal
}): Promise<FetchedFile> => {
  const deadline = AbortSignal.timeout(options.timeoutMs)
  return fetchWithin({
    src,
    options,
    signal: signal ? AbortSignal.any([deadline, signal]) : deadline,
    redirects: 0,
  })
}

const fetchWithin = async ({
  src,
  options,
  signal,
  redirects,
}: {
  src: string
  options: Options
  signal: AbortSignal
  redirects: number
}): Promise<FetchedFile> => {
  let url: URL
  try {
    url = new URL(src)
  } catch {
    return refuse('"src" is not a valid URL.')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return refuse('"src" must be an http or https URL.')
  if (url.username || url.password) return refuse('"src" must not carry credentials.')
  const hostname = url.hostname.replace(/^\[|\]$/g, '')
  const trusted = options.allowedHosts.includes(url.host)
  if (!trusted && net.isIP(hostname) && isBlockedAddress(hostname)) {
    return refuse('"src" points at a private or reserved address.')
  }

  const lookup: net.LookupFunction = (host, opts, callback) => {
    dnsLookup(host, { all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4)
      const bad = addresses.find((a) => isBlockedAddress(a.address))
      if (!trusted && bad) return callback(new Error('blocked address'), '', 4)
      const first = addresses[0]
      if (!first) return callback(new Error('no address'), '', 4)
      if ((opts as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses)
      callback(null, first.address, first.family)
    })
  }

  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http
    const req = client.get(
      url,
      {
        lookup,
        signal,
        headers: { 'user-agent': 'arts-cms-media-fetch/1', accept: options.mimeTypes.join(', ') },
      },
      resolve,
    )
    req.on('error', reject)
  }).catch((err: Error) =>
    refuse(
      signal.aborted
        ? `"src" did not answer within ${options.timeoutMs} ms.`
        : err.message === 'blocked address'
          ? '"src" resolves to a private or reserved address.'
          : '"src" could not be fetched.',
    ),
  )

  const status = response.statusCode ?? 0
  if (status >= 300 && status < 400 && response.headers.location) {
    response.resume()
    if (redirects >= 3) return refuse('"src" redirects too often.')
    let next: string
    try {
      next = new URL(response.headers.location, url).toString()
    } catch {
      return refuse('"src" redirects to an invalid URL.')
    }
    return fetchWithin({ src: next, options, signal, redirects: redirects + 1 })
  }
  if (status !== 200) {
    response.resume()
    return refuse(`"src" answered ${status}.`)
  }
  const mimetype =
    String(response.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase() ?? ''
  if (!options.mimeTypes.includes(mimetype)) {
    response.resume()
    return refuse(
      `"src" is ${mimetype || 'of no stated type'}; allowed: ${options.mimeTypes.join(', ')}.`,
    )
  }
  const declared = Number(response.headers['content-length'] ?? 0)
  if (declared > options.maxBytes) {
    response.destroy()
    return fail({ status: 413, detail: `"src" is larger than ${options.maxBytes} bytes.` })
  }
  const chunks: Buffer[] = []
  let size = 0
  const stop = (): void => void response.destroy(new Error('too slow'))
  signal.addEventListener('abort', stop, { once: true })
  try {
    for await (const chunk of response) {
      size += (chunk as Buffer).length
      if (size > options.maxBytes) {
        response.destroy()
        return fail({ status: 413, detail: `"src" is larger than ${options.maxBytes} bytes.` })
      }
      chunks.push(chunk as Buffer)
    }
  } catch {
    return refuse(
      signal.aborted
        ? `"src" did not answer within ${options.timeoutMs} ms.`
        : '"src" could not be read to its end.',
    )
  } finally {
    signal.removeEventListener('abort', stop)
  }
  return { data: Buffer.concat(chunks), mimetype, name: nameFrom(url, mimetype), size }
}
