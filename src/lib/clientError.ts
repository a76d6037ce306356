import type { Duplex } from 'node:stream'

import { problemTitle, type Problem } from './problem'

type ParserError = Error & { code?: string; rawPacket?: Buffer }

/** A request line longer than this is called an over-long URL rather than over-long headers. */
const longRequestLine = 8 * 1024

/**
 * What a request Node's HTTP parser refused is told: an over-long URL (414) or header block
 * (431), a request that took too long to arrive (408), anything else malformed (400). Node
 * would answer these with a bare status line; every answer of this server is a problem.
 */
export const parserProblem = (err: ParserError): Problem => {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, title: 'Request timeout', detail: 'The request took too long to arrive.' }
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    const packet = err.rawPacket?.toString('latin1') ?? ''
    const lineEnd = packet.indexOf('\r\n')
    const startsRequest = /^[A-Z]+ /.test(packet)
    if (startsRequest && (lineEnd < 0 || lineEnd > longRequestLine))
      return {
        status: 414,
        title: 'URI too long',
        detail: 'The URL is too long: send long filters in fewer, shorter parameters.',
      }
    return {
      status: 431,
      title: 'Request header fields too large',
      detail: 'The request line and headers together are too large.',
    }
  }
  return { status: 400, title: problemTitle(400), detail: 'The request is not valid HTTP.' }
}

/**
 * The server's `clientError` listener. A socket that is gone, or already carrying an answer,
 * is closed; otherwise the problem is written and the connection closed, since the parser
 * cannot find where the next request would start.
 */
export const answerClientError = ({ err, socket }: { err: ParserError; socket: Duplex }): void => {
  const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (err.code === 'ECONNRESET' || !socket.writable || answering?.headersSent) {
    socket.destroy()
    return
  }
  const problem = parserProblem(err)
  const body = JSON.stringify({ type: 'about:blank', ...problem })
  socket.end(
    `HTTP/1.1 ${problem.status} ${problem.title}\r\n` +
      'content-type: application/problem+json\r\n' +
      'cache-control: no-store\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      'connection: close\r\n\r\n' +
      body,
  )
}
