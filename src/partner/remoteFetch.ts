import { lookup as dnsLookup } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import net, { BlockList } from 'node:net'

import { fail } from './problems'

/** Addresses a fetched `src` may never reach: loopback, private, link-local, and the like. */
const blocked = new BlockList()
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(prefix, bits, 'ipv4')
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
  ['100::', 64],
] as const)
  blocked.addSubnet(prefix, bits, 'ipv6')

export const isBlockedAddress = (address: string): boolean => {
  const family = net.isIP(address)
  if (family === 4) return blocked.check(address, 'ipv4')
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
    if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4')
    return blocked.check(address, 'ipv6')
  }
  return true
}

export type FetchedFile = { data: Buffer; mimetype: string; name: string; size: number }

type Options = { maxBytes: number; timeoutMs: number; allowedHosts: string[]; mimeTypes: string[] }

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
 * each redirect is checked again; a time-out and a size cap apply. `allowedHosts` (host:port)
 * names internal asset servers that may be private.
 */
export const fetchRemoteFile = async ({
  src,
  options,
  redirects = 0,
}: {
  src: string
  options: Options
  redirects?: number
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
    return refuse(`"src" points at a private or reserved address (${hostname}).`)
  }

  const lookup: net.LookupFunction = (host, opts, callback) => {
    dnsLookup(host, { all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4)
      const bad = addresses.find((a) => isBlockedAddress(a.address))
      if (!trusted && bad) return callback(new Error(`blocked address ${bad.address}`), '', 4)
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
        timeout: options.timeoutMs,
        headers: { 'user-agent': 'arts-cms-media-fetch/1', accept: options.mimeTypes.join(', ') },
      },
      resolve,
    )
    req.on('timeout', () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)))
    req.on('error', reject)
  }).catch((err: Error) =>
    refuse(
      `"src" could not be fetched: ${err.message.replace(/^blocked address/, 'it resolves to the private or reserved address')}.`,
    ),
  )

  const status = response.statusCode ?? 0
  if (status >= 300 && status < 400 && response.headers.location) {
    response.resume()
    if (redirects >= 3) return refuse('"src" redirects too often.')
    return fetchRemoteFile({
      src: new URL(response.headers.location, url).toString(),
      options,
      redirects: redirects + 1,
    })
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
  const deadline = setTimeout(() => response.destroy(new Error('too slow')), options.timeoutMs)
  try {
    for await (const chunk of response) {
      size += (chunk as Buffer).length
      if (size > options.maxBytes) {
        response.destroy()
        return fail({ status: 413, detail: `"src" is larger than ${options.maxBytes} bytes.` })
      }
      chunks.push(chunk as Buffer)
    }
  } catch (err) {
    return refuse(`"src" could not be read: ${(err as Error).message}.`)
  } finally {
    clearTimeout(deadline)
  }
  const base = decodeURIComponent(url.pathname.split('/').pop() || 'download').replace(
    /[^A-Za-z0-9._-]+/g,
    '-',
  )
  const extension = mimetype.split('/')[1]?.replace('jpeg', 'jpg') ?? 'bin'
  const name = base.includes('.') ? base : `${base}.${extension}`
  return { data: Buffer.concat(chunks), mimetype, name, size }
}
