import { getPayload, type Payload, type SanitizedConfig } from 'payload'

import { fairQueue, fairRefusal } from '../../../lib/fairQueues'
import { searchOf, type PlainAnswer, type PlainRequest } from '../../../lib/plainHttp'
import { problemAnswer } from '../../../lib/problem'
import {
  addStepTime,
  describeRequest,
  outsideRequests,
  timeStep,
} from '../../../lib/requestContext'
import { watchChanges } from '../cache/freshness'
import { partnerBasePath } from '../defaults'
import { partnerOptions } from '../options'
import { fail, PartnerProblem } from '../../../lib/partnerProblem'
import { matchRoute, type RouteMatch } from '../routes/match'
import { routesOf } from '../routes/table'
import type { PartnerRoute, RouteCall, RouteContext } from '../types'
import { readJsonObject } from './body'
import { corsHeaders, preflight } from './cors'
import { readMediaInput } from './mediaInput'
import { principalOf } from './principal'
import { toProblem } from './payloadErrors'
import { readAnswer } from './readAnswer'
import { json, writtenRecord } from './respond'

/** The route for the method and path, or the 404 or 405 that says why there is none. */
const findRoute = ({
  config,
  method,
  segments,
}: {
  config: SanitizedConfig
  method: string
  segments: string[]
}): RouteMatch => {
  const found = matchRoute({ routes: routesOf(config), method, segments })
  if (!found)
    return fail({
      status: 404,
      detail: `No partner operation at ${partnerBasePath}/${segments.join('/')}.`,
    })
  if ('allowed' in found)
    return fail({
      status: 405,
      detail: `${method} is not available here. Allowed: ${found.allowed.join(', ')}.`,
      headers: { allow: found.allowed.join(', ') },
    })
  return found.match
}

/** The route's input, read from the request as it declares: query, headers, body. */
const readInput = async ({
  route,
  request,
  context,
}: {
  route: PartnerRoute
  request: PlainRequest
  context: RouteContext
}): Promise<RouteCall<unknown>> => {
  const { input } = route
  const query = input.query?.parse({ ...context, search: searchOf(request.url) })
  const headers = Object.fromEntries(
    (input.headers ?? []).map(({ name }) => [name, request.header(name)]),
  )
  const { payload, principal } = context
  const body =
    input.body?.type === 'media'
      ? await readMediaInput({
          request: request.web(),
          config: payload.config,
          owner: String(principal.tenant.id),
        })
      : input.body?.type === 'json'
        ? {
            body: await readJsonObject({
              request: request.web(),
              limit: partnerOptions(payload.config).bodyLimitBytes,
            }),
          }
        : { body: {} }
  return { ...context, query, headers, ...body }
}

/**
 * A read the cache may answer: its answer from there, or, for a miss, made by the operation in
 * the tenant's share of the operations under way. A hit takes no place in that share: it waits
 * on nothing and holds nothing.
 */
const cachedAnswer = ({
  route,
  request,
  call,
}: {
  route: PartnerRoute
  request: PlainRequest
  call: RouteCall<unknown>
}): Promise<PlainAnswer> => {
  const { cached, mediaType } = route.success
  if (!cached) throw new Error(`${route.operationId} is not a cached read`)
  return readAnswer({
    request,
    payload: call.payload,
    principal: call.principal,
    resource: cached.resource,
    query: cached.key(call),
    ...(mediaType ? { mediaType } : {}),
    produce: () =>
      inShare({
        owner: call.principal.tenant.id,
        task: () => timeStep('operation', () => route.operation(call)),
      }),
  })
}

const timedInput = (args: Parameters<typeof readInput>[0]) =>
  timeStep('input', () => readInput(args))

/** Runs the route's operation on its input and writes the answer it declares. */
const answer = async ({
  route,
  call,
}: {
  route: PartnerRoute
  call: RouteCall<unknown>
}): Promise<PlainAnswer> => {
  const { success } = route
  const result = await timeStep('operation', () => route.operation(call))
  if (success.status === 204) return { status: 204, headers: {}, body: null }
  const headers: Record<string, string> = success.location
    ? { location: `${partnerBasePath}${success.location({ call, result })}` }
    : {}
  return success.etag
    ? writtenRecord(result, success.status, headers)
    : json(result, success.status, headers, success.mediaType)
}

/** `task` within the tenant's share of the operations under way; 429 or 503 past it. */
const inShare = async <T>({
  owner,
  task,
}: {
  owner: string
  task: () => Promise<T>
}): Promise<T> => {
  const started = performance.now()
  const ran = await fairQueue({ name: 'requests' }).run({
    owner,
    task: () => {
      addStepTime('queue', performance.now() - started)
      return task()
    },
  })
  if ('over' in ran) throw fairRefusal({ over: ran.over, work: 'requests' })
  return ran.value
}

const watching = new WeakSet<Promise<SanitizedConfig>>()

/**
 * Starts listening for changes at the first partner request of any kind, the launcher's warm-up
 * (a path no route has) included, without holding that request up or changing its answer: an
 * instance hears its peers, and stops doubting it is alone, counting from its start rather than
 * from its first partner read. A failed start is tried again by the next request.
 */
const startWatching = (config: Promise<SanitizedConfig>): void => {
  if (watching.has(config)) return
  watching.add(config)
  // Begun by the first partner request; what it listens for belongs to no request.
  outsideRequests(() => {
    void getPayload({ config }).then(watchChanges, () => watching.delete(config))
  })
}

/**
 * Every partner request, step by step: match the route, identify the key (401), count it
 * against its limit (429), check its tenant and scope (403) (or admit a keyless guest where the
 * route allows one, `principal.ts`), then, within the tenant's share
 * of the operations under way (429 past it), read the input the route declares, run its
 * operation and write its answer. Anything thrown becomes a problem+json answer.
 */
export const handlePartnerRequest = async ({
  request,
  segments,
  config,
}: {
  request: PlainRequest
  segments: string[]
  /**
   * The configuration to serve: the app's own, which the route module passes (the plugin
   * never imports the configuration it is part of), or a test's variant.
   */
  config: Promise<SanitizedConfig>
}): Promise<PlainAnswer> => {
  const { corsOrigins: origins } = partnerOptions(await config)
  if (request.method === 'OPTIONS') return preflight({ request, origins })
  const cors = corsHeaders({ request, origins })
  let payload: Payload | undefined
  try {
    startWatching(config)
    const { route, params } = findRoute({ config: await config, method: request.method, segments })
    // Counted by operation, a bounded name; logged with the template and the path's tenant.
    describeRequest({
      route: `partner:${route.operationId}`,
      template: `${route.method} ${partnerBasePath}${route.path}`,
      tenant: params.tenant,
    })
    const ready = await getPayload({ config }).catch((err: unknown) => {
      throw toProblem({ err })
    })
    payload = ready
    watchChanges(ready)
    const principal = await timeStep('auth', () =>
      principalOf({ payload: ready, route, params, request }),
    )
    const context = { payload: ready, principal, params }
    // A cached read's input is its query string, read before it knows whether it must wait.
    const answered = route.success.cached
      ? await cachedAnswer({ route, request, call: await timedInput({ route, request, context }) })
      : await inShare({
          owner: principal.tenant.id,
          task: async () => answer({ route, call: await timedInput({ route, request, context }) }),
        })
    return { ...answered, headers: { ...answered.headers, ...cors } }
  } catch (err) {
    const problem = err instanceof PartnerProblem ? err : toProblem({ err, payload })
    return problemAnswer({ problem: problem.problem, headers: { ...cors, ...problem.headers } })
  }
}
