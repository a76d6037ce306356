/**
 * The one way the CMS runs, in development (`npm run dev`) and production (`npm start`):
 * starts the embedded PostgreSQL unless DATABASE_URI is set, settles the secret, serves Next
 * (admin, Payload's API, the partner API, media files) over a Node HTTP server this process
 * owns, and on SIGINT/SIGTERM drains requests, closes the pool and stops PostgreSQL, in that
 * order.
 */
import fs from 'node:fs'
import http from 'node:http'
import type { Socket } from 'node:net'
import path from 'node:path'
import type { Duplex } from 'node:stream'
import { fileURLToPath } from 'node:url'
import next from 'next'

import { startEmbeddedPostgres, type EmbeddedPostgres } from './src/db/embeddedPostgres'
import { afterBody } from './src/lib/afterBody'
import { problemBody } from './src/lib/problem'
import { answerClientError } from './src/lib/clientError'
import { bodyRefusal } from './src/lib/bodyLimit'
import { directRouteFor } from './src/lib/directRoutes'
import { accessLogger, flushLogs } from './src/lib/logger'
import { startMetricsServer } from './src/lib/metricsServer'
import { ObservedResponse, observeRequest } from './src/lib/observeRequest'
import { runInRequest } from './src/lib/requestContext'
import { resolveSecret } from './src/lib/secret'
import { readSettings } from './src/lib/settings'
import { serveDirect } from './src/lib/serveDirect'
import { runShutdownHooks } from './src/lib/shutdown'
import { trustedProxiesOf } from './src/lib/trustedProxies'
import { partnerBasePath } from './src/plugins/partnerApi/exports/base'
import { mediaFilePrefix } from './src/uploads/serveFile'

const root = path.dirname(fileURLToPath(import.meta.url))
const dev = process.argv.includes('--dev')
;(process.env as Record<string, string>).NODE_ENV = dev ? 'development' : 'production'
for (const file of ['.env.local', '.env']) {
  if (fs.existsSync(path.join(root, file))) process.loadEnvFile(path.join(root, file))
}

const log = (msg: string): void => console.log(`[cms] ${msg}`)

/** One request without keep-alive, so no connection of our own holds up a later shutdown. */
const warmUp = (url: string): Promise<boolean> =>
  new Promise((resolve) => {
    http
      .get(url, { agent: false, headers: { connection: 'close' } }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode === 200))
      })
      .on('error', () => resolve(false))
  })

const main = async (): Promise<void> => {
  const settings = readSettings()
  // A list with a typo refuses to start: every client would otherwise look like the balancer.
  const trusted = trustedProxiesOf(settings.trustedProxies)
  const accessLog = settings.logRequests ? accessLogger() : undefined
  process.env.PAYLOAD_SECRET = resolveSecret({
    configured: settings.payloadSecret,
    dataDir: settings.dataDir,
    production: settings.production,
  })

  let embedded: EmbeddedPostgres | undefined
  if (!settings.databaseUri) {
    // Development pushes its schema, production applies migrations: a database pushed by
    // `npm run dev` would refuse the migrations, so each mode keeps its own database.
    embedded = await startEmbeddedPostgres({
      dataDir: settings.dataDir,
      database: dev ? 'cms_dev' : 'cms',
    })
    process.env.DATABASE_URI = embedded.connectionString
    log(
      `embedded PostgreSQL on 127.0.0.1:${embedded.port}, database ${dev ? 'cms_dev' : 'cms'}, data in ${settings.dataDir}`,
    )
  }

  const app = next({ dev, dir: root, hostname: settings.host, port: settings.port })
  const handle = app.getRequestHandler()
  await app.prepare()

  const serve = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const refusal = bodyRefusal({ url: req.url ?? '/', headers: req.headers, settings })
    if (refusal) {
      // Made now, in the request's context: the answer is written from the socket's events.
      const body = JSON.stringify(problemBody(refusal))
      // Answered before any route reads the body; what the client still sends is discarded.
      afterBody({
        req,
        answer: () => {
          res.writeHead(refusal.status, {
            'content-type': 'application/problem+json',
            'cache-control': 'no-store',
            connection: 'close',
          })
          res.end(body)
        },
      })
      return
    }
    const direct = directRouteFor({ method: req.method ?? 'GET', url: req.url ?? '/' })
    if (direct) void serveDirect({ req, res, ...direct })
    else void handle(req, res)
  }
  let stopping = false
  const server = http.createServer({ ServerResponse: ObservedResponse }, (req, res) => {
    // A balancer's kept-alive connection brings requests after the stop began: each is answered,
    // and its connection closed after it, so the drain ends with the requests in flight.
    if (stopping) res.shouldKeepAlive = false
    const context = observeRequest({
      req,
      res,
      trusted,
      logger: accessLog,
      timed: settings.serverTiming,
    })
    runInRequest(context, () => serve(req, res))
  })
  server.keepAliveTimeout = 65_000
  server.on('clientError', (err: Error, socket: Duplex) => answerClientError({ err, socket }))
  // Upgraded sockets (Next's HMR websocket, which Payload itself opens in development) are no
  // requests in flight and would hold `server.close()` open forever.
  const upgraded = new Set<Duplex>()
  server.on('upgrade', (_req, socket: Duplex) => {
    upgraded.add(socket)
    socket.once('close', () => upgraded.delete(socket))
  })
  // A connection that has sent nothing holds up `server.close()` until Node's headers time-out
  // (a minute). A stop closes it once it has been silent for a second: a client that connects
  // and then sends at once has its request read and answered, not reset.
  const sockets = new Map<Socket, number>()
  server.on('connection', (socket: Socket) => {
    sockets.set(socket, Date.now())
    socket.once('close', () => sockets.delete(socket))
  })
  const closeSilent = (): void => {
    const before = Date.now() - 1_000
    for (const [socket, connected] of sockets)
      if (socket.bytesRead === 0 && connected < before) socket.destroy()
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(settings.port, settings.host, resolve)
  })
  const origin = `http://${settings.host === '0.0.0.0' ? 'localhost' : settings.host}:${settings.port}`
  const metrics =
    settings.metricsPort === undefined
      ? undefined
      : await startMetricsServer({ port: settings.metricsPort, host: settings.metricsHost })
  // Payload initialises on the first request; make that happen now, while we can still report it.
  const ready = await warmUp(`${origin}/api/ready`)
  // Loads the partner and media file routes, which register themselves for direct serving
  // (src/lib/directRoutes.ts).
  await warmUp(`${origin}${partnerBasePath}/-/-`)
  await warmUp(`${origin}${mediaFilePrefix}-`)
  log(
    ready
      ? `ready on ${origin} (admin: ${origin}/admin)`
      : `listening on ${origin}, but the database is not ready yet`,
  )
  if (metrics) log(`metrics on http://${settings.metricsHost}:${settings.metricsPort}/metrics`)

  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) {
      log(`${signal} again: stopping now`)
      await embedded?.stop()
      process.exit(1)
    }
    stopping = true
    log(`${signal}: finishing requests in flight`)
    let drained = true
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => {
        drained = false
        log(
          `requests still open after ${settings.shutdownTimeoutMs} ms (${sockets.size} connections): closing them`,
        )
        clearInterval(sweep)
        server.closeAllConnections()
        resolve()
      }, settings.shutdownTimeoutMs)
      // A keep-alive connection turns idle when its last response is sent; close it then.
      const sweep = setInterval(() => {
        server.closeIdleConnections()
        closeSilent()
      }, 50)
      server.close(() => {
        clearTimeout(force)
        clearInterval(sweep)
        resolve()
      })
      server.closeIdleConnections()
      closeSilent()
      for (const socket of upgraded) socket.destroy()
    })
    metrics?.close()
    log('requests drained; closing the database pool')
    await runShutdownHooks({ drained })
    await app.close?.()
    if (embedded) {
      await embedded.stop()
      log('embedded PostgreSQL stopped')
    }
    log('stopped')
    flushLogs()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
}

main().catch((err: unknown) => {
  console.error(`[cms] failed to start: ${err instanceof Error ? err.message : String(err)}`)
  process.exit(1)
})
