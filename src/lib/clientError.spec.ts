import { describe, expect, it } from 'vitest'

import { parserProblem } from './clientError'

const overflow = (packet: string) =>
  Object.assign(new Error('Header overflow'), {
    code: 'HPE_HEADER_OVERFLOW',
    rawPacket: Buffer.from(packet, 'latin1'),
  })

describe('parserProblem', () => {
  it('tells an over-long URL from over-long headers', () => {
    expect(parserProblem(overflow(`GET /${'a'.repeat(20_000)} HTTP/1.1\r\n`)).status).toBe(414)
    expect(parserProblem(overflow(`GET /${'a'.repeat(20_000)}`)).status).toBe(414)
    expect(
      parserProblem(overflow(`GET / HTTP/1.1\r\nx-big: ${'b'.repeat(20_000)}\r\n`)).status,
    ).toBe(431)
    // A later packet of a long header block: not the request line.
    expect(parserProblem(overflow('b'.repeat(20_000))).status).toBe(431)
  })

  it('answers a timeout 408 and anything else 400', () => {
    expect(
      parserProblem(Object.assign(new Error('t'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' })).status,
    ).toBe(408)
    expect(parserProblem(Object.assign(new Error('m'), { code: 'HPE_INVALID_METHOD' }))).toEqual(
      expect.objectContaining({ status: 400, title: 'Bad request' }),
    )
  })
})
