import http from 'node:http'
import https from 'node:https'
import { setTimeout as sleep } from 'node:timers/promises'

import { guardedLookup } from '../../../lib/guardedLookup'
import { isTrustedHost, outboundRefusal, unreachable } from '../../../lib/outbound'
import { backoffMs, isRetryableStatus, maxAttempts, parseRetryAfter } from './retry'

/** A provider call that failed the run; its message is for an editor. */
export class ProviderError extends Error {
  constructor(
    message: string,
    /** The box office's HTTP status, when it answered one that ended the call. */
    readonly status?: number,
  ) {
    super(message)
    this.name = 'ProviderError'
  }
}

/**
 * Reads one JSON answer, retried as the run's rules say; throws `ProviderError`. A `POST` is
 * only for a box office's read that takes its query as a body (Tessitura's searches): it is
 * retried like a GET, so it must change nothing there.
 */
export type GetJson = (args: {
  url: URL
  /** What the call is, for messages: "the event list". */
  what: string
  /** Made for each attempt (a signature covers its Date). */
  headers?: () => Record<string, string>
  method?: 'GET' | 'POST'
  /** A POST's query, sent as JSON. */
  body?: unknown
}) => Promise<unknown>

export type HttpOptions = {
  /** Whose share of name lookups the calls take: the connection's tenant. */
  owner: string
  /** Epoch ms: no call, wait or retry goes past it. */
  deadline: number
  timeoutMs: number
  maxBytes: number
  allowedHosts: readonly string[]
  /** The box office's name, for messages. */
  label: string
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body?: Buffer }

/** Why an attempt ended without an answer, and whether another try may help. */
class AttemptFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message)
  }
}

const attempt = ({
  url,
  method,
  body,
  headers,
  signal,
  agent,
  lookup,
  maxBytes,
  label,
  what,
}: {
  url: URL
  method: 'GET' | 'POST'
  body: Buffer | undefined
  headers: Record<string, string>
  signal: AbortSignal
  agent: http.Agent
  lookup: ReturnType<typeof guardedLookup>
  maxBytes: number
  label: string
  what: string
}): Promise<Answer> =>
  new Promise<Answer>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http
    const req = client.request(
      url,
      {
        method,
        agent,
        lookup,
        signal,
        headers: {
          accept: 'application/json',
          'user-agent': 'arts-cms-ticketing/1',
          ...(body
            ? { 'content-type': 'application/json', 'content-length': String(body.length) }
            : {}),
          ...headers,
        },
      },
      (res) => {
        const status = res.statusCode ?? 0
        if (status !== 200) {
          res.resume()
          return resolve({ status, headers: res.headers })
        }
        const declared = Number(res.headers['content-length'] ?? 0)
        if (declared > maxBytes) {
          res.destroy()
          return reject(
            new ProviderError(`${label} answered more than ${maxBytes} bytes for ${what}.`),
          )
        }
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          size += chunk.length
          // Stop reading past the cap: the rest is never buffered.
          if (size > maxBytes) {
            res.destroy()
            return reject(
              new ProviderError(`${label} answered more than ${maxBytes} bytes for ${what}.`),
            )
          }
          chunks.push(chunk)
        })
        res.on('end', () => resolve({ status, headers: res.headers, body: Buffer.concat(chunks) }))
        res.on('error', (err) =>
          reject(
            new AttemptFailure(
              signal.aborted
                ? `${label} did not finish answering ${what} in time.`
                : `${label} broke off its answer for ${what} (${err.message}).`,
              true,
            ),
          ),
        )
      },
    )
    req.on('error', () =>
      reject(
        signal.aborted
          ? new AttemptFailure(`${label} did not answer ${what} in time.`, true)
          : new AttemptFailure(`${label} ${unreachable} for ${what}.`, true),
      ),
    )
    req.end(body)
  })

/**
 * Reads JSON from a box office under the outbound rules every server-side request follows
 * (`outboundRefusal`, `guardedLookup` with the tenant as owner, private hosts only when
 * allowed): a time-out per call, a size cap read as it streams, the run's deadline over
 * everything, retries with back-off for time-outs, connection errors, 5xx and 429 (honouring
 * `Retry-After` while the deadline allows), and no redirects at all (a box office's API does
 * not move; a redirect is taken as a wrong address). One keep-alive agent per run.
 */
export const makeGetJson = (options: HttpOptions): { getJson: GetJson; close: () => void } => {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 16 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 16 }),
  }
  const { label } = options
  const getJson: GetJson = async ({ url, what, headers, method = 'GET', body }) => {
    const sent = body === undefined ? undefined : Buffer.from(JSON.stringify(body))
    const refusal = outboundRefusal({ url, allowedHosts: options.allowedHosts })
    if (refusal) throw new ProviderError(`${label}'s address ${refusal}.`)
    // Every call carries the tenant's credentials: in production, never over plain http (a
    // box office's own link to a next page included), except to a stand-in the installation names.
    if (
      url.protocol === 'http:' &&
      process.env.NODE_ENV === 'production' &&
      !options.allowedHosts.includes(url.host)
    )
      throw new ProviderError(`${label}'s address must use https (${url.host}).`)
    const trusted = isTrustedHost({ url, allowedHosts: options.allowedHosts })
    let lastFailure = ''
    for (let n = 1; n <= maxAttempts; n++) {
      const left = options.deadline - Date.now()
      if (left <= 0) break
      const signal = AbortSignal.timeout(Math.min(options.timeoutMs, left))
      let wait = backoffMs(n)
      try {
        const answer = await attempt({
          url,
          method,
          body: sent,
          headers: headers?.() ?? {},
          signal,
          agent: agents[url.protocol as 'http:' | 'https:'] ?? agents['http:'],
          lookup: guardedLookup({ trusted, owner: options.owner, signal }),
          maxBytes: options.maxBytes,
          label,
          what,
        })
        if (answer.status === 200) return parseJson({ body: answer.body!, label, what })
        if (answer.status >= 300 && answer.status < 400)
          throw new ProviderError(`${label} redirected ${what} elsewhere; check its address.`)
        if (!isRetryableStatus(answer.status))
          throw new ProviderError(`${label} answered ${answer.status} for ${what}.`, answer.status)
        lastFailure = `${label} answered ${answer.status} for ${what}.`
        const asked = parseRetryAfter({ value: answer.headers['retry-after'], now: Date.now() })
        if (asked !== undefined) wait = Math.max(wait, asked)
      } catch (err) {
        if (!(err instanceof AttemptFailure)) throw err
        lastFailure = err.message
      }
      if (n === maxAttempts) break
      if (Date.now() + wait >= options.deadline) {
        throw new ProviderError(
          `${lastFailure} It could not be tried again before the run's deadline.`,
        )
      }
      await sleep(wait)
    }
    throw new ProviderError(
      Date.now() >= options.deadline
        ? `${lastFailure || `${label} did not answer ${what}.`} The run's deadline passed.`
        : `${lastFailure} Gave up after ${maxAttempts} attempts.`,
    )
  }
  return {
    getJson,
    close: () => {
      agents['http:'].destroy()
      agents['https:'].destroy()
    },
  }
}

const parseJson = ({ body, label, what }: { body: Buffer; label: string; what: string }) => {
  try {
    return JSON.parse(body.toString('utf8')) as unknown
  } catch {
    throw new ProviderError(`${label} answered malformed JSON for ${what}.`)
  }
}
