import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * What the server knows of the request under way, for code far below it (problem bodies, log
 * lines) that is handed no request. server.ts starts it; the route that serves the request
 * fills in what only it knows, and the access log line and the metrics read it at the end.
 */
export type RequestContext = {
  id: string
  clientAddress: string
  /** The bounded name of the route for metrics (`partner:listEvents`, `media:file`, …). */
  route?: string
  /** The path template the route matched, for the log (`GET /{tenant}/events/{id}`). */
  template?: string
  /** The tenant the request is for, when the route knows it. */
  tenant?: string
  /**
   * Every commit acknowledged before this request arrived is known to this instance's read
   * cache (a catch-up with the change channel, begun during the request, has ended).
   */
  caughtUp?: boolean
  /**
   * Statements sent to PostgreSQL on this request's behalf (the pool's clients count them), for
   * the access line: what a read costs, seen from outside (the tests, the bench).
   */
  statements?: number
  /**
   * Milliseconds spent in each named step, kept only when `SERVER_TIMING=on` (`timeStep`); the
   * answer reports them in its `Server-Timing` header. Nested steps are each counted whole.
   */
  steps?: Record<string, number>
  /** When the request arrived (`performance.now()`), kept with `steps`. */
  startedAt?: number
  /** Its transactions begun now find rows by key only (`findsByKeyOnly`). */
  byKeyOnly?: boolean
}

// One store per process: server.ts and Next's bundle load this file as different modules.
const storeKey = Symbol.for('arts-cms.requestContext')
const store = (): AsyncLocalStorage<RequestContext> => {
  const holder = globalThis as { [storeKey]?: AsyncLocalStorage<RequestContext> }
  holder[storeKey] ??= new AsyncLocalStorage()
  return holder[storeKey]
}

export const runInRequest = <T>(context: RequestContext, work: () => T): T =>
  store().run(context, work)

/** The request under way, if this code runs for one. */
export const currentRequest = (): RequestContext | undefined => store().getStore()

/** Says what the route is and whose, for the log line and the metrics of this request. */
export const describeRequest = (facts: Pick<RequestContext, 'route' | 'template' | 'tenant'>) => {
  const context = store().getStore()
  if (context) Object.assign(context, facts)
}

/**
 * `work`, whose transactions' statements find rows by key (a record's id, a slug in its index,
 * a tenant's subscriptions), as a partner create's do: a plan made once for the connection is
 * then the plan each run would get (`db/keyPlans.ts`). Work that filters or sorts by what its
 * caller chose must not run in it, or must say so (`planEachRun`). Said only while `work`
 * runs: the context object is shared with anything started in the request.
 */
export const findsByKeyOnly = async <T>(work: () => Promise<T>): Promise<T> => {
  const context = store().getStore()
  if (!context) return work()
  context.byKeyOnly = true
  try {
    return await work()
  } finally {
    context.byKeyOnly = false
  }
}

/** `work` outside any request: timers and listeners it starts never see one's context. */
export const outsideRequests = <T>(work: () => T): T => store().exit(work)

/** One more statement for the request under way, if any; whether its steps are timed. */
export const countStatement = (): boolean => {
  const context = store().getStore()
  if (!context) return false
  context.statements = (context.statements ?? 0) + 1
  return context.steps !== undefined
}

/** Adds `ms` to the step `name` of the request under way, when its steps are timed. */
export const addStepTime = (name: string, ms: number): void => {
  const steps = store().getStore()?.steps
  if (steps) steps[name] = (steps[name] ?? 0) + ms
}

/** `work`, its time added to the step `name` when the request's steps are timed. */
export const timeStep = <T>(name: string, work: () => Promise<T>): Promise<T> => {
  // Untimed, the work's own promise: no wrapper, no extra turn of the event loop.
  if (!store().getStore()?.steps) return work()
  const started = performance.now()
  return work().finally(() => addStepTime(name, performance.now() - started))
}

/** The steps of the request under way as a `Server-Timing` header value, if they are timed. */
export const serverTimingOf = (): string | undefined => {
  const context = store().getStore()
  if (!context?.steps) return undefined
  const entries = Object.entries(context.steps).map(([name, ms]) => `${name};dur=${ms.toFixed(2)}`)
  if (context.startedAt !== undefined)
    entries.push(`total;dur=${(performance.now() - context.startedAt).toFixed(2)}`)
  return entries.join(', ')
}
