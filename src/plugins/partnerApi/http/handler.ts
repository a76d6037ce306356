import { getPayload, type Payload, type SanitizedConfig } from 'payload'

import { fairQueue, fairRefusal } from '../../../lib/fairQueues'
import { problemResponse } from '../../../lib/problem'
import { describeRequest } from '../../../lib/requestContext'
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
  request: Request
  context: RouteContext
}): Promise<RouteCall<unknown>> => {
  const { input } = route
  const query = input.query?.parse({ ...context, search: new URL(request.url).search })
  const headers = Object.fromEntries(
    (input.headers ?? []).map(({ name }) => [name, request.headers.get(name)]),
  )
  const { payload, principal } = context
  const body =
    input.body?.type === 'media'
      ? await readMediaInput({
          request,
          config: payload.config,
          owner: String(principal.tenant.id),
        })
      : input.body?.type === 'json'
        ? {
            body: await readJsonObject({
              request,
              limit: partnerOptions(payload.config).bodyLimitBytes,
            }),
          }
        : { body: {} }
  return { ...context, query, headers, ...body }
}

/** Runs the route's operation on its input and writes the answer it declares. */
const answer = async ({
  route,
  request,
  call,
}: {
  route: PartnerRoute
  request: Request
  call: RouteCall<unknown>
}): Promise<Response> => {
  const { success } = route
  if (success.cached)
    return readAnswer({
      request,
      payload: call.payload,
      principal: call.principal,
      resource: success.cached.resource,
      query: success.cached.key(call),
      ...(success.mediaType ? { mediaType: success.mediaType } : {}),
      produce: () => route.operation(call),
    })
  const result = await route.operation(call)
  if (success.status === 204) return new Response(null, { status: 204 })
  const headers: Record<string, string> = success.location
    ? { location: `${partnerBasePath}${success.location({ call, result })}` }
    : {}
  return success.etag
    ? writtenRecord(result, success.status, headers)
    : json(result, success.status, headers, success.mediaType)
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
  request: Request
  segments: string[]
  /**
   * The configuration to serve: the app's own, which the route module passes (the plugin
   * never imports the configuration it is part of), or a test's variant.
   */
  config: Promise<SanitizedConfig>
}): Promise<Response> => {
  const { corsOrigins: origins } = partnerOptions(await config)
  if (request.method === 'OPTIONS') return preflight({ request, origins })
  const cors = corsHeaders({ request, origins })
  let payload: Payload | undefined
  try {
    const { route, params } = findRoute({ config: await config, method: request.method, segments })
    // Counted by operation, a bounded name; logged with the template and the path's tenant.
    describeRequest({
      route: `partner:${route.operationId}`,
      template: `${route.method} ${partnerBasePath}${route.path}`,
      tenant: params.tenant,
    })
    payload = await getPayload({ config }).catch((err: unknown) => {
      throw toProblem({ err })
    })
    watchChanges(payload)
    const principal = await principalOf({ payload, route, params, request })
    const context = { payload, principal, params }
    const ran = await fairQueue({ name: 'requests' }).run({
      owner: principal.tenant.id,
      task: async () =>
        answer({ route, request, call: await readInput({ route, request, context }) }),
    })
    if ('over' in ran) throw fairRefusal({ over: ran.over, work: 'requests' })
    const response = ran.value
    for (const [name, value] of Object.entries(cors)) response.headers.set(name, value)
    return response
  } catch (err) {
    const problem = err instanceof PartnerProblem ? err : toProblem({ err, payload })
    return problemResponse({ problem: problem.problem, headers: { ...cors, ...problem.headers } })
  }
}
