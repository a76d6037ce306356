import http from 'node:http'
import https from 'node:https'

import { guardedLookup } from '../../../lib/guardedLookup'
import {
  isServerBusyError,
  isTrustedHost,
  isUnreachableError,
  outboundRefusal,
  unreachable,
} from '../../../lib/outbound'
import { excerptChars } from '../defaults'

/**
 * What the log keeps of an answer: the start of a text body with control characters dropped
 * (PostgreSQL's JSON refuses NUL, and a receiver must not be able to break the log), or what
 * a binary body was.
 */
export const excerptOf = ({ body, type, size }: { body: Buffer; type: string; size: number }) => {
  const textual = type === '' || /^text\/|json|xml|x-www-form-urlencoded/i.test(type)
  if (!textual) return `(${size} bytes of ${type.split(';')[0]})`
  const kept = [...body.toString('utf8')].filter((char) => {
    const code = char.codePointAt(0) ?? 0
    return (
      code === 9 || code === 10 || code === 13 || (code >= 32 && code !== 127 && code !== 0xfffd)
    )
  })
  // Cut by code point: half a surrogate pair is JSON PostgreSQL refuses.
  return kept.slice(0, excerptChars).join('')
}

/** One attempt's outcome, as the delivery log keeps it. */
export type Attempt = {
  at: string
  ok: boolean
  status: number | null
  latencyMs: number
  /** The start of the receiver's answer, or why there was none. */
  excerpt: string
  error: string | null
  /**
   * Not sent because this server had as many name lookups under way as it takes: not the
   * receiver's failure, so it is neither counted nor logged (the delivery is put back).
   */
  serverBusy?: true
}

/**
 * POSTs one message. The target is checked as a media `src` is (a private address is refused,
 * and the connection goes to the address that was checked); redirects are not followed (a 3xx
 * is a failure, so a target cannot bounce deliveries inward); one time-out covers the whole
 * attempt. Only a 2xx counts as delivered. `owner` (the tenant) is whose share of name
 * lookups the attempt takes.
 *
 * Until a target answers, an untrusted one's every failure (refused address, unknown name,
 * lookup time-out or cap, connection refused or timed out, TLS) is one message with no
 * latency: the log and "send test" must not tell which internal names exist or which ports
 * of an address are open. An allowed host (the installation's own receiver) keeps the details.
 */
export const sendMessage = async ({
  url: target,
  body,
  headers,
  timeoutMs,
  allowedHosts,
  owner,
}: {
  url: string
  body: string
  headers: Record<string, string>
  timeoutMs: number
  allowedHosts: readonly string[]
  owner: string
}): Promise<Attempt> => {
  const started = performance.now()
  const at = new Date().toISOString()
  const failed = (error: string, status: number | null = null, excerpt = ''): Attempt => ({
    at,
    ok: false,
    status,
    latencyMs: Math.round(performance.now() - started),
    excerpt,
    error,
  })
  // Nothing was sent: no latency to report.
  const refused = (error: string): Attempt => ({ ...failed(error), latencyMs: 0 })
  let url: URL
  try {
    url = new URL(target)
  } catch {
    return refused('The target is not a valid URL.')
  }
  const refusal = outboundRefusal({ url, allowedHosts })
  if (refusal) return refused(`The target ${refusal}.`)
  const trusted = isTrustedHost({ url, allowedHosts })
  const signal = AbortSignal.timeout(timeoutMs)
  let answered = false
  return new Promise<Attempt>((resolve) => {
    const client = url.protocol === 'https:' ? https : http
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup({ trusted, owner, signal }),
        signal,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'arts-cms-webhooks/1',
        },
      },
      (res) => {
        answered = true
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          // Enough for the log; the rest is read and dropped so the connection can close.
          if (size < excerptChars * 4) chunks.push(chunk)
          size += chunk.length
        })
        // The answer ends, or breaks off (the time-out fires mid-body): either way it is over.
        res.on('error', () => undefined)
        res.once('end', () => {
          const status = res.statusCode ?? 0
          const excerpt = excerptOf({
            body: Buffer.concat(chunks),
            type: String(res.headers['content-type'] ?? ''),
            size,
          })
          if (status >= 200 && status < 300)
            return resolve({
              at,
              ok: true,
              status,
              latencyMs: Math.round(performance.now() - started),
              excerpt,
              error: null,
            })
          const why =
            status >= 300 && status < 400
              ? `The target redirected (${status}); redirects are not followed.`
              : `The target answered ${status}.`
          resolve(failed(why, status, excerpt))
        })
      },
    )
    req.on('error', (err: Error & { code?: string }) => {
      if (isServerBusyError(err))
        return resolve({ ...refused('This server was too busy to send it.'), serverBusy: true })
      if (isUnreachableError(err) || (!trusted && !answered))
        return resolve(refused(`The target ${unreachable}.`))
      resolve(
        failed(
          signal.aborted
            ? `No answer within ${timeoutMs} ms.`
            : `Could not connect (${err.code ?? err.message}).`,
        ),
      )
    })
    req.end(body)
  })
}
