import { EventEmitter } from 'node:events'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'

import { metricsRegistry } from './metrics'
import { ObservedResponse, observeRequest } from './observeRequest'
import { currentRequest, describeRequest, runInRequest } from './requestContext'
import { trustedProxiesOf } from './trustedProxies'

const exchange = ({ peer, headers }: { peer: string; headers: Record<string, string> }) => {
  const req = { socket: { remoteAddress: peer }, headers, url: '/api/x?y=1', method: 'GET' }
  const set: Record<string, string> = {}
  const res = Object.assign(new EventEmitter(), {
    statusCode: 200,
    headersSent: true,
    writableFinished: true,
    setHeader: (name: string, value: string) => (set[name] = value),
  })
  const lines: Record<string, unknown>[] = []
  const logger = (line: Record<string, unknown>) => void lines.push(line)
  return {
    req: req as unknown as IncomingMessage,
    res: res as unknown as ServerResponse,
    set,
    lines,
    logger,
  }
}

describe('observeRequest', () => {
  const trusted = trustedProxiesOf(['10.0.0.0/8'])

  it("believes a trusted proxy's headers, overwriting what the routes read", () => {
    const { req, res, set, logger } = exchange({
      peer: '10.0.0.5',
      headers: {
        'x-forwarded-for': '198.51.100.3',
        'x-request-id': 'lb-1',
        'x-cms-client-address': 'forged',
      },
    })
    const context = observeRequest({ req, res, trusted, logger })
    expect(context).toMatchObject({ id: 'lb-1', clientAddress: '198.51.100.3' })
    expect(req.headers['x-cms-client-address']).toBe('198.51.100.3')
    expect(set['x-request-id']).toBe('lb-1')
  })

  it("ignores anyone else's, and logs and counts the request once it is answered", async () => {
    const { req, res, lines, logger } = exchange({
      peer: '203.0.113.8',
      headers: { 'x-forwarded-for': '198.51.100.3', 'x-request-id': 'mine' },
    })
    const context = observeRequest({ req, res, trusted, logger })
    expect(context.id).not.toBe('mine')
    expect(context.clientAddress).toBe('203.0.113.8')
    runInRequest(context, () => {
      expect(currentRequest()?.id).toBe(context.id)
      describeRequest({ route: 'spec:observed', template: 'GET /x', tenant: 't' })
    })
    res.emit('close')
    expect(lines).toEqual([
      expect.objectContaining({
        requestId: context.id,
        method: 'GET',
        route: 'GET /x',
        status: 200,
        tenant: 't',
        clientAddress: '203.0.113.8',
        durationMs: expect.any(Number),
      }),
    ])
    expect(await metricsRegistry().metrics()).toContain(
      'cms_http_requests_total{route="spec:observed",status="200"} 1',
    )
  })
})

describe('ObservedResponse', () => {
  const exchangeThrough = async (
    answer: (res: ObservedResponse) => void,
  ): Promise<{ id: string | null; headers: Headers; kept: Record<string, unknown> }> => {
    let kept: Record<string, unknown> = {}
    const server = http.createServer({ ServerResponse: ObservedResponse }, (req, res) => {
      observeRequest({ req, res, trusted: trustedProxiesOf([]), logger: undefined })
      answer(res)
      kept = { ...res.getHeaders() }
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    try {
      const res = await fetch(`http://127.0.0.1:${port}/x`)
      await res.text()
      return { id: res.headers.get('x-request-id'), headers: res.headers, kept }
    } finally {
      server.close()
    }
  }

  it("puts the request's id on a head written whole, leaving Node's fast path to it", async () => {
    const { id, headers, kept } = await exchangeThrough((res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' })
      res.end('ok')
    })
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(headers.get('content-type')).toBe('text/plain')
    // Nothing was set one header at a time: Node wrote the given headers as they were.
    expect(kept).toEqual({})
  })

  it('puts it on a head of headers set one by one, as Next writes them, and on a raw list', async () => {
    const progressive = await exchangeThrough((res) => {
      res.setHeader('content-type', 'text/plain')
      res.statusCode = 201
      res.end('ok')
    })
    expect(progressive.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(progressive.headers.get('content-type')).toBe('text/plain')
    const raw = await exchangeThrough((res) => {
      res.writeHead(200, 'Fine', ['content-type', 'text/plain', 'content-length', '2'])
      res.end('ok')
    })
    expect(raw.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(raw.headers.get('content-type')).toBe('text/plain')
  })

  it('puts it on a head given as [name, value] pairs', async () => {
    const pairs = await exchangeThrough((res) => {
      res.writeHead(200, [
        ['content-type', 'text/plain'],
        ['content-length', '2'],
      ] as unknown as string[])
      res.end('ok')
    })
    expect(pairs.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(pairs.headers.get('content-type')).toBe('text/plain')
  })
})
