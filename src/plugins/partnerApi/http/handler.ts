import defaultConfig from '@payload-config'
import { getPayload, type Payload, type SanitizedConfig } from 'payload'

import { clientAddressHeader } from '../../../lib/clientAddress'
import { fairQueue, fairRefusal } from '../../../lib/fairQueues'
import { problemResponse } from '../../../lib/problem'
import { parseFeedQuery } from '../../changeLog/feedQuery'
import { authorize, type PartnerPrincipal } from '../keys/authorize'
import { identifyKey } from '../keys/identifyKey'
import { limitRate } from '../keys/rateLimit'
import { partnerKinds, type Kind } from '../kinds/model'
import { createRecord } from '../operations/create'
import { deleteRecord } from '../operations/delete'
import { listChanges } from '../operations/changes'
import { listRecords } from '../operations/list'
import { retrieveRecord } from '../operations/retrieve'
import type { OperationArgs } from '../operations/types'
import { updateRecord } from '../operations/update'
import { fail, PartnerProblem } from '../problems'
import { parseListQuery, parseRecordQuery } from '../reads/listQuery'
import { readVersionOf } from '../operations/version'
import { partnerBasePath } from '../defaults'
import { partnerOptions } from '../options'
import { matchRoute, routesOf, type Operation, type Route } from '../routes'
import { matchTenantRoute, type TenantRoute, type TenantRouteName } from '../tenantRoutes'
import * as webhookOps from '../operations/webhooks'
import {
  createScheduled,
  deleteScheduled,
  listScheduled,
  parseScheduledQuery,
  schedulableKinds,
} from '../operations/scheduled'
import { parseDeliveriesQuery } from '../../webhooks/operations/deliveriesQuery'
import { readJsonObject } from './body'
import { corsHeaders, preflight } from './cors'
import { readMediaInput } from './mediaInput'
import { toProblem } from './payloadErrors'
import { watchChanges } from '../cache/freshness'
import { readAnswer } from './readAnswer'
import { json, writtenRecord } from './respond'

type Served = OperationArgs & { request: Request; id: string }

const jsonBody = ({ request, payload }: Served): Promise<Record<string, unknown>> =>
  readJsonObject({ request, limit: partnerOptions(payload.config).bodyLimitBytes })

/** Per operation: read the input from the request, run the operation, answer it. */
const serve: Record<Operation, (args: Served) => Promise<Response>> = {
  list: async ({ request, id: _id, ...args }) => {
    const query = parseListQuery({
      search: new URL(request.url).search,
      leaves: args.kind.leaves,
      searchable: args.kind.searchable,
      drafts: args.kind.drafts,
    })
    const version = readVersionOf({ principal: args.principal, draft: query.draft })
    return readAnswer({
      ...args,
      request,
      // The query holds `draft`: published and latest answers are never one entry.
      query: `list ${JSON.stringify(query)}`,
      produce: () => listRecords({ ...args, query, version }),
    })
  },
  retrieve: async ({ request, ...args }) => {
    const { draft = false } = parseRecordQuery({
      search: new URL(request.url).search,
      known: args.kind.drafts ? ['draft'] : [],
    })
    const version = readVersionOf({ principal: args.principal, draft })
    return readAnswer({
      ...args,
      request,
      query: `id ${version} ${args.id.toLowerCase()}`,
      produce: () => retrieveRecord({ ...args, version }),
    })
  },
  create: async (served) => {
    const { request, ...args } = served
    const input = args.kind.upload
      ? await readMediaInput({
          request,
          config: args.payload.config,
          owner: String(args.principal.tenant.id),
        })
      : { body: await jsonBody(served) }
    const { id, record } = await createRecord({ ...args, ...input })
    const location = `${partnerBasePath}/${args.principal.tenant.slug}/${args.kind.path}/${id}`
    return writtenRecord(record, 201, { location })
  },
  update: async (served) => {
    const { request, ...args } = served
    const { draft = false, unpublish = false } = parseRecordQuery({
      search: new URL(request.url).search,
      known: args.kind.drafts ? ['draft', 'unpublish'] : [],
    })
    const ifMatch = request.headers.get('if-match')
    return writtenRecord(
      await updateRecord({
        ...args,
        ifMatch,
        body: await jsonBody(served),
        mode: { draft, unpublish },
      }),
      200,
    )
  },
  delete: async ({ request, ...args }) => {
    await deleteRecord({ ...args, ifMatch: request.headers.get('if-match') })
    return new Response(null, { status: 204 })
  },
}

/** The route for the method and path, or the 404 or 405 that says why there is none. */
const findRoute = ({
  config,
  method,
  segments,
}: {
  config: SanitizedConfig
  method: string
  segments: string[]
}):
  | { route: Route; tenant: string; id: string }
  | { route: TenantRoute; tenant: string; params: Record<string, string> } => {
  const found =
    matchTenantRoute({ method, segments }) ??
    matchRoute({ routes: routesOf(config), method, segments })
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
  if ('params' in found)
    return { route: found.route, tenant: found.params.tenant, params: found.params }
  return {
    route: found.match.route,
    tenant: found.match.params.tenant,
    id: found.match.params.id ?? '',
  }
}

type TenantServed = {
  payload: Payload
  principal: PartnerPrincipal
  request: Request
  params: Record<string, string>
}

const queryProblems = (problems: { field: string; message: string }[]): never =>
  fail({ status: 400, type: 'validation', detail: 'The query is not valid.', errors: problems })

/** The `{id}` of a subscription's path. */
const onWebhook = ({ payload, principal, params }: TenantServed) => ({
  payload,
  principal,
  id: params.id ?? '',
})

const tenantJsonBody = ({ request, payload }: TenantServed): Promise<Record<string, unknown>> =>
  readJsonObject({ request, limit: partnerOptions(payload.config).bodyLimitBytes })

/** Per tenant route: read the input, run the operation, answer it. */
const serveTenant: Record<TenantRouteName, (args: TenantServed) => Promise<Response>> = {
  changes: async ({ payload, principal, request }) => {
    const parsed = parseFeedQuery({
      search: new URL(request.url).search,
      kinds: [...partnerKinds(payload).keys()],
      scope: { secret: payload.secret, tenant: principal.tenant.id },
    })
    if ('problems' in parsed) return queryProblems(parsed.problems)
    readVersionOf({ principal, draft: parsed.query.drafts, parameter: 'drafts=true' })
    return json(await listChanges({ payload, principal, query: parsed.query }), 200)
  },
  listWebhooks: async ({ payload, principal }) =>
    json(await webhookOps.listWebhooks({ payload, principal }), 200),
  createWebhook: async (served) => {
    const created = await webhookOps.createWebhook({
      payload: served.payload,
      principal: served.principal,
      body: await tenantJsonBody(served),
    })
    const location = `${partnerBasePath}/${served.principal.tenant.slug}/webhooks/${created.id}`
    return json(created, 201, { location, 'cache-control': 'no-store' })
  },
  retrieveWebhook: async (served) => json(await webhookOps.retrieveWebhook(onWebhook(served)), 200),
  updateWebhook: async (served) =>
    json(
      await webhookOps.updateWebhook({ ...onWebhook(served), body: await tenantJsonBody(served) }),
      200,
    ),
  deleteWebhook: async (served) => {
    await webhookOps.deleteWebhook(onWebhook(served))
    return new Response(null, { status: 204 })
  },
  rotateWebhookSecret: async (served) =>
    json(await webhookOps.rotateSecret(onWebhook(served)), 200, { 'cache-control': 'no-store' }),
  testWebhook: async (served) => json(await webhookOps.testWebhook(onWebhook(served)), 200),
  listWebhookDeliveries: async (served) => {
    const parsed = parseDeliveriesQuery(new URL(served.request.url).search)
    if ('problems' in parsed) return queryProblems(parsed.problems)
    return json(await webhookOps.listDeliveries({ ...onWebhook(served), query: parsed.query }), 200)
  },
  retryWebhookDelivery: async (served) =>
    json(
      await webhookOps.retryWebhookDelivery({
        ...onWebhook(served),
        deliveryId: served.params.deliveryId ?? '',
      }),
      200,
    ),
  listScheduledChanges: async ({ payload, principal, request }) => {
    const parsed = parseScheduledQuery({
      search: new URL(request.url).search,
      kinds: [...schedulableKinds(payload).keys()],
    })
    if ('problems' in parsed) return queryProblems(parsed.problems)
    return json(await listScheduled({ payload, principal, query: parsed.query }), 200)
  },
  createScheduledChange: async (served) => {
    const created = await createScheduled({
      payload: served.payload,
      principal: served.principal,
      body: await tenantJsonBody(served),
    })
    const location = `${partnerBasePath}/${served.principal.tenant.slug}/scheduled-changes/${String(created.id)}`
    return json(created, 201, { location })
  },
  deleteScheduledChange: async ({ payload, principal, params }) => {
    await deleteScheduled({ payload, principal, id: params.id ?? '' })
    return new Response(null, { status: 204 })
  },
}

const kindOf = ({ payload, route }: { payload: Payload; route: Route }): Kind =>
  partnerKinds(payload).get(route.kind.path) ??
  fail({ status: 404, detail: `No partner kind "${route.kind.path}".` })

/**
 * Every partner request, step by step: match the route, identify the key (401), count it
 * against its limit (429), check its tenant and scope (403), then, within the tenant's share
 * of the operations under way (429 past it), read the input, run the operation and answer.
 * Anything thrown becomes a problem+json answer.
 */
export const handlePartnerRequest = async ({
  request,
  segments,
  config = defaultConfig,
}: {
  request: Request
  segments: string[]
  /** The configuration to serve: the app's own, or a test's variant. */
  config?: Promise<SanitizedConfig>
}): Promise<Response> => {
  const { corsOrigins: origins } = partnerOptions(await config)
  if (request.method === 'OPTIONS') return preflight({ request, origins })
  const cors = corsHeaders({ request, origins })
  let payload: Payload | undefined
  try {
    const found = findRoute({ config: await config, method: request.method, segments })
    const { route, tenant } = found
    payload = await getPayload({ config }).catch((err: unknown) => {
      throw toProblem({ err })
    })
    watchChanges(payload)
    const key = await identifyKey({
      payload,
      authorization: request.headers.get('authorization'),
      address: request.headers.get(clientAddressHeader) ?? 'unknown',
    })
    limitRate({ payload, key })
    const principal = await authorize({ payload, key, tenantSlug: tenant, scope: route.scope })
    const ready = payload
    const ran = await fairQueue({ name: 'requests' }).run({
      owner: principal.tenant.id,
      task: () =>
        'params' in found
          ? serveTenant[found.route.name]({
              payload: ready,
              principal,
              request,
              params: found.params,
            })
          : serve[found.route.operation]({
              payload: ready,
              kind: kindOf({ payload: ready, route: found.route }),
              principal,
              request,
              id: found.id,
            }),
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
