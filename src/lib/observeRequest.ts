import {
  ServerResponse,
  type IncomingMessage,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
} from 'node:http'

import { clientAddressHeader } from './clientAddress'
import { countRequest } from './metrics'
import type { RequestContext } from './requestContext'
import { requestIdHeader, requestIdOf } from './requestId'
import { pathOf, routeLabelOf } from './routeLabel'
import { clientAddressOf, type TrustedProxies } from './trustedProxies'

type Head = OutgoingHttpHeaders | OutgoingHttpHeader[]

/**
 * The server's answers (`http.createServer({ ServerResponse: ObservedResponse })`): each
 * carries its request's id on its head, however that head is written. Set with `setHeader`
 * beforehand, the id would send every `writeHead(status, headers)` down Node's slow path,
 * which merges the headers one `setHeader` at a time.
 */
export class ObservedResponse<
  Request extends IncomingMessage = IncomingMessage,
> extends ServerResponse<Request> {
  requestId: string | undefined

  override writeHead(status: number, reason?: string | Head, head?: Head): this {
    const id = this.requestId
    const given = typeof reason === 'string' ? head : reason
    if (id !== undefined && given === undefined) this.setHeader(requestIdHeader, id)
    const withId =
      id === undefined || given === undefined
        ? given
        : Array.isArray(given)
          ? // Node takes a flat list of names and values, or a list of [name, value] pairs.
            Array.isArray(given[0])
            ? [...given, [requestIdHeader, id] as unknown as OutgoingHttpHeader]
            : [...given, requestIdHeader, id]
          : { ...given, [requestIdHeader]: id }
    return typeof reason === 'string'
      ? super.writeHead(status, reason, withId)
      : super.writeHead(status, withId)
  }
}

/**
 * A request as it reaches server.ts: its client's address and its id settled (from a trusted
 * proxy's headers, else the socket and a new id), written where the routes read them (headers
 * a client cannot set: any value it sent is overwritten), the id on the answer whoever writes
 * it, and, once the answer is sent or the client hangs up, one access line and its metrics.
 */
export const observeRequest = ({
  req,
  res,
  trusted,
  logger,
  timed = false,
}: {
  req: IncomingMessage
  res: ServerResponse
  trusted: TrustedProxies
  /** Writes the access line; none when `LOG_REQUESTS=off`. */
  logger: ((fields: Record<string, unknown>) => void) | undefined
  /** Whether the request's steps are timed (`SERVER_TIMING=on`). */
  timed?: boolean
}): RequestContext => {
  const started = performance.now()
  const peer = req.socket.remoteAddress ?? 'unknown'
  const fromTrustedPeer = !trusted.none && trusted.has(peer)
  const forwarded = req.headers['x-forwarded-for']
  const context: RequestContext = {
    id: requestIdOf({ incoming: req.headers[requestIdHeader], fromTrustedPeer }),
    clientAddress: fromTrustedPeer
      ? clientAddressOf({
          peer,
          forwardedFor: Array.isArray(forwarded) ? forwarded.join(',') : forwarded,
          trusted,
        })
      : peer,
    ...(timed ? { steps: {}, startedAt: started } : {}),
  }
  req.headers[clientAddressHeader] = context.clientAddress
  req.headers[requestIdHeader] = context.id
  if (res instanceof ObservedResponse) res.requestId = context.id
  else res.setHeader(requestIdHeader, context.id)
  res.once('close', () => {
    const url = req.url ?? '/'
    const status = res.headersSent ? res.statusCode : 499
    const ms = performance.now() - started
    countRequest({ route: context.route ?? routeLabelOf(url), status, seconds: ms / 1000 })
    logger?.({
      requestId: context.id,
      method: req.method,
      route: context.template ?? pathOf(url),
      status,
      durationMs: Math.round(ms * 100) / 100,
      ...(context.tenant ? { tenant: context.tenant } : {}),
      ...(context.statements ? { statements: context.statements } : {}),
      clientAddress: context.clientAddress,
      ...(res.writableFinished ? {} : { aborted: true }),
      msg: 'request',
    })
  })
  return context
}
