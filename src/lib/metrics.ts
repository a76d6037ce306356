import { Counter, Gauge, Histogram, Registry } from 'prom-client'

/**
 * The process's Prometheus metrics, served by server.ts on `METRICS_PORT`. One registry and one
 * of each metric per process: server.ts and Next's bundle load this file as different modules,
 * and both record into (and server.ts reads) what the first made.
 */
const sharedKey = Symbol.for('arts-cms.metrics')
type Shared = { registry: Registry; metrics: Map<string, unknown> }
const shared = (): Shared => {
  const holder = globalThis as { [sharedKey]?: Shared }
  holder[sharedKey] ??= { registry: new Registry(), metrics: new Map() }
  return holder[sharedKey]
}

export const metricsRegistry = (): Registry => shared().registry

/** The metric of this name, made by `make` on the registry the first time it is asked for. */
export const sharedMetric = <T>(name: string, make: (registry: Registry) => T): T => {
  const { registry, metrics } = shared()
  if (!metrics.has(name)) metrics.set(name, make(registry))
  return metrics.get(name) as T
}

const requestCount = () =>
  sharedMetric(
    'cms_http_requests_total',
    (registry) =>
      new Counter({
        name: 'cms_http_requests_total',
        help: 'Requests answered, by route and status code',
        labelNames: ['route', 'status'] as const,
        registers: [registry],
      }),
  )

const requestDuration = () =>
  sharedMetric(
    'cms_http_request_duration_seconds',
    (registry) =>
      new Histogram({
        name: 'cms_http_request_duration_seconds',
        help: 'Time from a request reaching the server to its answer being sent, by route and status class',
        labelNames: ['route', 'status_class'] as const,
        buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        registers: [registry],
      }),
  )

/** One answered request. `route` must be a bounded name, never a path. */
export const countRequest = ({
  route,
  status,
  seconds,
}: {
  route: string
  status: number
  seconds: number
}): void => {
  requestCount().inc({ route, status: String(status) })
  requestDuration().observe({ route, status_class: `${Math.floor(status / 100)}xx` }, seconds)
}

const cacheReads = () =>
  sharedMetric(
    'cms_partner_cache_reads_total',
    (registry) =>
      new Counter({
        name: 'cms_partner_cache_reads_total',
        help: "Partner list and retrieve answers looked up in this process's read cache, by result",
        labelNames: ['result'] as const,
        registers: [registry],
      }),
  )

export const countCacheRead = (result: 'hit' | 'miss'): void => cacheReads().inc({ result })

/**
 * A gauge whose values are read when Prometheus scrapes (a SQL count, the pool's figures), not
 * kept up on a timer. `read` sets the values; it is given `timeoutMs`, after which the scrape
 * answers without this gauge's series (and counts the failure) rather than hang. Meant for
 * labelled gauges: prom-client shows a gauge without labels as 0 when it has no value.
 */
export const scrapedGauge = <L extends string>({
  name,
  help,
  labelNames,
  timeoutMs = 2_000,
  read,
}: {
  name: string
  help: string
  labelNames: readonly L[]
  timeoutMs?: number
  read: (gauge: Gauge<L>) => Promise<void> | void
}): void => {
  const failures = collectFailures()
  const state = sharedMetric(`${name}:reader`, () => ({ read }))
  // A later registration (a second Payload in the process, a test's) reads from the newest.
  state.read = read
  sharedMetric(
    name,
    (registry) =>
      new Gauge<L>({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset()
          let timer: NodeJS.Timeout | undefined
          try {
            await Promise.race([
              state.read(this),
              new Promise((_, reject) => {
                timer = setTimeout(() => reject(new Error('timed out')), timeoutMs)
              }),
            ])
          } catch {
            this.reset()
            failures.inc({ gauge: name })
          } finally {
            clearTimeout(timer)
          }
        },
      }),
  )
}

const collectFailures = () =>
  sharedMetric(
    'cms_metrics_collect_failures_total',
    (registry) =>
      new Counter({
        name: 'cms_metrics_collect_failures_total',
        help: 'Scrapes that answered without a gauge because reading it failed or timed out',
        labelNames: ['gauge'] as const,
        registers: [registry],
      }),
  )
