import http from 'node:http'
import { collectDefaultMetrics } from 'prom-client'

import { metricsRegistry } from './metrics'

/**
 * `/metrics` for Prometheus on a port of its own, bound to `host` (loopback unless said
 * otherwise): the figures name tenants and the pool's state, which the public port never shows.
 * Gauges that need SQL are read now, at the scrape (`scrapedGauge`).
 */
export const startMetricsServer = async ({
  port,
  host,
}: {
  port: number
  host: string
}): Promise<http.Server> => {
  const registry = metricsRegistry()
  collectDefaultMetrics({ register: registry })
  const server = http.createServer((req, res) => {
    if ((req.url ?? '/').split('?')[0] !== '/metrics' || req.method !== 'GET') {
      res.writeHead(404, { 'content-type': 'text/plain' })
      res.end('Not found: metrics are at /metrics\n')
      return
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType })
        res.end(text)
      },
      (err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' })
        res.end(`The metrics could not be collected: ${String(err)}\n`)
      },
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  return server
}
