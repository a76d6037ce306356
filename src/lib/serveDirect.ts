import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'

import { afterBody } from './afterBody'
import type { DirectHandler } from './directRoutes'
import { isPlainAnswer, type PlainAnswer, type PlainRequest } from './plainHttp'
import { problemAnswer, problemOf } from './problem'
import { serverTimingOf } from './requestContext'
import { writeSoon } from './writeSoon'

/**
 * The request body as a web stream that reads the socket only as fast as it is consumed. When
 * the handler stops reading (a 413) or never starts (a 401), `release` detaches it, so what
 * is left can be discarded instead of buffered.
 */
const bodyOf = (
  req: IncomingMessage,
): { stream: ReadableStream<Uint8Array>; release: () => void } => {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined
  const onData = (chunk: Buffer): void => {
    controller?.enqueue(new Uint8Array(chunk))
    if ((controller?.desiredSize ?? 1) <= 0) req.pause()
  }
  const onEnd = (): void => controller?.close()
  const onError = (err: Error): void => controller?.error(err)
  // A client that hangs up before the end of its body: the read fails instead of waiting for
  // an end that never comes (and holding the tenant's place in its share meanwhile).
  const onClose = (): void => {
    if (!req.complete) controller?.error(new Error('The client closed the connection.'))
  }
  const release = (): void => {
    req.off('data', onData)
    req.off('end', onEnd)
    req.off('error', onError)
    req.off('close', onClose)
    controller = undefined
  }
  const stream = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c
      req.on('data', onData)
      req.once('end', onEnd)
      req.once('error', onError)
      req.once('close', onClose)
      req.pause()
    },
    pull: () => {
      req.resume()
    },
    cancel: release,
  })
  return { stream, release }
}

const requestOf = ({
  req,
  body,
  signal,
}: {
  req: IncomingMessage
  body: ReadableStream<Uint8Array> | undefined
  signal: AbortSignal
}): Request => {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else if (value !== undefined) headers.set(name, value)
  }
  // The handlers read the path and query only; a client's Host header (which may not even make a
  // valid URL) has no say in them.
  return new Request(new URL(req.url ?? '/', 'http://localhost'), {
    method: req.method ?? 'GET',
    headers,
    signal,
    ...(body ? { body, duplex: 'half' as const } : {}),
  })
}

/**
 * A body of any size onto the socket as it is read, behind the handler's own headers (its
 * Content-Length included). A client that hangs up cancels the body, which stops the reading.
 */
const sendStreamed = ({
  res,
  status,
  headers,
  body,
}: {
  res: ServerResponse
  status: number
  headers: Record<string, string | string[]>
  body: ReadableStream<Uint8Array> | null
}): void => {
  res.writeHead(status, headers)
  if (!body) {
    res.end()
    return
  }
  pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), res).catch((err: unknown) => {
    // A hang-up is the client's choice; anything else cut the answer short and is worth a line.
    if ((err as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') console.error(err)
  })
}

/**
 * A header of a Node request by its lower-case name, as a Web Request's `headers.get` gives it:
 * repeated values joined by `, ` (Node keeps `set-cookie` as a list, and joins the others).
 */
const headerOf = (req: IncomingMessage, name: string): string | null => {
  const value = req.headers[name]
  if (value === undefined) return null
  return Array.isArray(value) ? value.join(', ') : value
}

/*
 * The closures made for every request come from the functions below, as their return values:
 * `server.ts` runs under tsx, which names each closure assigned to a name or property (a
 * `defineProperty` per closure, per request; a cached answer made three).
 */
const headerReader =
  (req: IncomingMessage) =>
  (name: string): string | null =>
    headerOf(req, name)

/** The Web Request, made when a handler first asks for it (most cached reads never do). */
const webRequestMaker = ({
  req,
  res,
  method,
  made,
}: {
  req: IncomingMessage
  res: ServerResponse
  method: string
  made: { body?: ReturnType<typeof bodyOf>; web?: Request }
}): (() => Request) => {
  return () => {
    if (made.web) return made.web
    made.body = method === 'GET' || method === 'HEAD' ? undefined : bodyOf(req)
    // A client that hangs up aborts the request, as under Next: work done for it (a media
    // fetch) stops.
    const hangUp = new AbortController()
    res.once('close', () => {
      if (!res.writableFinished) hangUp.abort()
    })
    made.web = requestOf({ req, body: made.body?.stream, signal: hangUp.signal })
    return made.web
  }
}

/** A Node request through a direct route's handler, and its answer back onto the socket. */
export const serveDirect = async ({
  req,
  res,
  handler,
  segments,
  streams = false,
}: {
  req: IncomingMessage
  res: ServerResponse
  handler: DirectHandler
  segments: string[]
  /** See `streams` in directRoutes.ts. */
  streams?: boolean
}): Promise<void> => {
  const method = req.method ?? 'GET'
  const made: { body?: ReturnType<typeof bodyOf>; web?: Request } = {}
  const request: PlainRequest = {
    method,
    url: req.url ?? '/',
    connection: req.socket,
    header: headerReader(req),
    web: webRequestMaker({ req, res, method, made }),
  }
  // A body is watched from the start, as the socket delivers it: read later, a client that
  // hangs up meanwhile would leave the read waiting for an end that never comes.
  if (method !== 'GET' && method !== 'HEAD') request.web()
  let answer: Response | PlainAnswer
  try {
    answer = await handler({ request, segments })
  } catch (err) {
    // The handlers answer their own errors; this is the last resort.
    console.error(err)
    answer = problemAnswer({
      problem: problemOf({ status: 500, detail: 'The server failed to answer this request.' }),
    })
  }
  made.body?.release()
  if (isPlainAnswer(answer)) {
    sendPlain({ req, res, answer })
    return
  }
  const response = answer
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) headers['set-cookie'] = cookies
  if (streams) {
    if (!req.complete) headers.connection = 'close'
    const sent = method === 'HEAD' ? null : response.body
    if (!sent) void response.body?.cancel()
    afterBody({
      req,
      answer: () => sendStreamed({ res, status: response.status, headers, body: sent }),
    })
    return
  }
  sendPlain({
    req,
    res,
    answer: {
      status: response.status,
      headers,
      body: new Uint8Array(await response.arrayBuffer()),
    },
  })
}

/** An answer of bounded size: one write, with its Content-Length. */
const sendPlain = ({
  req,
  res,
  answer,
}: {
  req: IncomingMessage
  res: ServerResponse
  answer: PlainAnswer
}): void => {
  const { body } = answer
  const timing = serverTimingOf()
  // No length on an answer that has no body by definition (RFC 9110 8.6).
  const bodiless = answer.status === 204 || answer.status === 304 || answer.status < 200
  const headers: Record<string, string | string[]> = {
    ...answer.headers,
    ...(timing ? { 'server-timing': timing } : {}),
    ...(bodiless
      ? {}
      : {
          'content-length': String(
            body === null
              ? 0
              : typeof body === 'string'
                ? Buffer.byteLength(body)
                : body.byteLength,
          ),
        }),
  }
  if (!req.complete) headers.connection = 'close'
  afterBody({ req, answer: answerWriter({ res, status: answer.status, headers, body }) })
}

const answerWriter = ({
  res,
  status,
  headers,
  body,
}: {
  res: ServerResponse
  status: number
  headers: Record<string, string | string[]>
  body: PlainAnswer['body']
}): (() => void) => {
  return () =>
    writeSoon({
      write: () => {
        res.writeHead(status, headers)
        if (body === null) res.end()
        else res.end(body)
      },
      failed: (err) => {
        console.error(err)
        res.destroy()
      },
    })
}
