import http from 'node:http'
import https from 'node:https'

import { guardedLookup } from '../../../lib/guardedLookup'
import {
  isTrustedHost,
  isUnreachableError,
  outboundRefusal,
  unreachable,
} from '../../../lib/outbound'
import { fail } from '../../../lib/partnerProblem'

import type { FetchedFile } from '../types'

export type { FetchedFile }

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
 * private. `owner` (the partner's tenant) is whose share of name lookups the fetch takes.
 * Until an untrusted host answers, its every failure is one refusal (as for a webhook
 * target): no answer tells an internal name, address or open port from a missing one.
 */
export const fetchRemoteFile = async ({
  src,
  options,
  owner,
  signal,
}: {
  src: string
  options: Options
  owner: string
  signal?: AbortSignal
}): Promise<FetchedFile> => {
  const deadline = AbortSignal.timeout(options.timeoutMs)
  return fetchWithin({
    src,
    options,
    owner,
    signal: signal ? AbortSignal.any([deadline, signal]) : deadline,
    redirects: 0,
  })
}

const fetchWithin = async ({
  src,
  options,
  owner,
  signal,
  redirects,
}: {
  src: string
  options: Options
  owner: string
  signal: AbortSignal
  redirects: number
}): Promise<FetchedFile> => {
  let url: URL
  try {
    url = new URL(src)
  } catch {
    return refuse('"src" is not a valid URL.')
  }
  const refusal = outboundRefusal({ url, allowedHosts: options.allowedHosts })
  if (refusal) return refuse(`"src" ${refusal}.`)
  const trusted = isTrustedHost({ url, allowedHosts: options.allowedHosts })
  const lookup = guardedLookup({ trusted, owner, signal })

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
      isUnreachableError(err) || !trusted
        ? `"src" ${unreachable}.`
        : signal.aborted
          ? `"src" did not answer within ${options.timeoutMs} ms.`
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
    return fetchWithin({ src: next, options, owner, signal, redirects: redirects + 1 })
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
