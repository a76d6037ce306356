import type { PartnerRoute, RouteCall } from '../../partnerApi/exports/routes'
import { okAnswer, queryProblems, uuidPathParameter } from '../../partnerApi/exports/routes'
import * as ops from './operations'
import { parseRunsQuery, type RunsQuery } from './runsQuery'
import { runParameters, ticketingSchemas } from './schemas'

export const ticketingTag = {
  name: 'Ticketing',
  description:
    "The tenant's box-office connections (Spektrix, Tessitura, Line-Up; Elevent, whose performances are entered by hand and whose booking links are built from the shop address) and their runs. A full sync (`kind: sync`) imports the provider's events and performances in the connection's window, on the connection's schedule or on request (`POST …/sync`, `dryRun: true` for a preview that writes nothing); an availability refresh (`kind: availability`) updates only availability and on-sale state of the next `availabilityDaysAhead` days. A connection has at most one run of each kind queued or running. Credentials are write-only. A performance's `bookingUrl` is its own booking link, else the box office's page for it (`ticketingUrl`), else its event's booking link.",
}

const connectionId = {
  id: uuidPathParameter({ name: 'id', description: 'The connection identifier.' }),
}
const runId = { id: uuidPathParameter({ name: 'id', description: 'The run identifier.' }) }

const connection = '/{tenant}/ticketing-connections/{id}'
const run = '/{tenant}/ticketing-sync-runs/{id}'
const writeErrors = [400, 401, 403, 404, 413, 415, 429, 503]

const onId = ({ payload, principal, params }: RouteCall<unknown>) => ({
  payload,
  principal,
  id: params.id ?? '',
})

const common = {
  tag: ticketingTag,
  schemas: (context) => ticketingSchemas(context),
} satisfies Partial<PartnerRoute>

const create: PartnerRoute<unknown, Awaited<ReturnType<typeof ops.createConnection>>> = {
  ...common,
  method: 'POST',
  path: '/{tenant}/ticketing-connections',
  scope: 'write',
  operationId: 'createTicketingConnection',
  summary: 'Create a ticketing connection',
  description:
    "Connects a box office. `provider` is required and fixed from then on; only its own settings group and credentials are taken (another's is a 400 naming it). Its `credentials` are stored sealed and never answered; `credentialsSet` says which are set. One Elevent connection per tenant.",
  input: { body: { type: 'json', schema: 'TicketingConnectionCreate' } },
  operation: ({ payload, principal, body }) => ops.createConnection({ payload, principal, body }),
  success: {
    status: 201,
    description: 'Created',
    schema: 'TicketingConnection',
    location: ({ call, result }) =>
      `/${call.principal.tenant.slug}/ticketing-connections/${result.id}`,
  },
  errors: writeErrors.filter((s) => s !== 404),
}

const sync: PartnerRoute<unknown, Awaited<ReturnType<typeof ops.syncConnection>>> = {
  ...common,
  method: 'POST',
  path: `${connection}/sync`,
  scope: 'write',
  operationId: 'syncTicketingConnection',
  summary: 'Run a sync',
  description:
    "Queues a run of the connection, answered at once (`202`) with `Location` naming it; follow it with `GET /{tenant}/ticketing-sync-runs/{id}` until it is `succeeded` or `failed`. `kind` is `sync` (default) or `availability` (a refresh of availability and on-sale state alone, which takes neither `dryRun` nor `confirmRemovals`). `dryRun: true` previews a sync: the run's `plan` says what it would create, update (each field's old and new value), cancel or remove, and nothing else is written. `409` while a run of the same kind of the connection is queued or running (its `Location` names it). `400` for an Elevent connection: Elevent has no API to read.",
  input: { params: connectionId, body: { type: 'json', schema: 'TicketingSyncRequest' } },
  operation: (call) => ops.syncConnection({ ...onId(call), body: call.body }),
  success: {
    status: 202,
    description: 'Accepted: the run is queued',
    schema: 'TicketingSyncRun',
    location: ({ call, result }) =>
      `/${call.principal.tenant.slug}/ticketing-sync-runs/${result.id}`,
  },
  errors: [400, 401, 403, 404, 409, 413, 415, 429, 503],
}

const runs: PartnerRoute<RunsQuery> = {
  ...common,
  method: 'GET',
  path: '/{tenant}/ticketing-sync-runs',
  scope: 'read',
  operationId: 'listTicketingSyncRuns',
  summary: 'List sync runs',
  description:
    "The tenant's runs, newest first, without their `plan` (retrieve a run to read it); `connection`, `status` and `kind` narrow them. Finished runs are kept for a while (30 days unless the installation says otherwise).",
  input: {
    query: {
      parse: ({ search }) => {
        const parsed = parseRunsQuery(search)
        return 'problems' in parsed ? queryProblems(parsed.problems) : parsed.query
      },
      parameters: () => runParameters,
    },
  },
  operation: ({ payload, principal, query }) => ops.listRuns({ payload, principal, query }),
  success: okAnswer('TicketingSyncRunList'),
  errors: [400, 401, 403, 429, 503],
}

/** The ticketing routes, for `partnerApi({ routes })`. */
export const ticketingRoutes: readonly PartnerRoute[] = [
  {
    ...common,
    method: 'GET',
    path: '/{tenant}/ticketing-connections',
    scope: 'read',
    operationId: 'listTicketingConnections',
    summary: 'List ticketing connections',
    description: "The tenant's box-office connections, newest first. Credentials are never listed.",
    input: {},
    operation: ({ payload, principal }) => ops.listConnections({ payload, principal }),
    success: okAnswer('TicketingConnectionList'),
    errors: [401, 403, 429, 503],
  },
  create,
  {
    ...common,
    method: 'GET',
    path: connection,
    scope: 'read',
    operationId: 'retrieveTicketingConnection',
    summary: 'Retrieve a ticketing connection',
    description: 'One connection, with its latest run.',
    input: { params: connectionId },
    operation: (call) => ops.retrieveConnection(onId(call)),
    success: okAnswer('TicketingConnection'),
    errors: [401, 403, 404, 429, 503],
  },
  {
    ...common,
    method: 'PATCH',
    path: connection,
    scope: 'write',
    operationId: 'updateTicketingConnection',
    summary: 'Update a ticketing connection',
    description:
      'Changes the fields sent. A credential sent replaces the stored one; an empty string clears it.',
    input: { params: connectionId, body: { type: 'json', schema: 'TicketingConnectionUpdate' } },
    operation: (call) => ops.updateConnection({ ...onId(call), body: call.body }),
    success: okAnswer('TicketingConnection'),
    errors: writeErrors,
  },
  {
    ...common,
    method: 'DELETE',
    path: connection,
    scope: 'write',
    operationId: 'deleteTicketingConnection',
    summary: 'Delete a ticketing connection',
    description:
      'Stops its schedule; its queued runs go with it. Synced events keep their provider ids, and its finished runs stay listed until they expire.',
    input: { params: connectionId },
    operation: (call) => ops.deleteConnection(onId(call)),
    success: { status: 204, description: 'No content' },
    errors: [401, 403, 404, 429, 503],
  },
  sync,
  runs,
  {
    ...common,
    method: 'GET',
    path: run,
    scope: 'read',
    operationId: 'retrieveTicketingSyncRun',
    summary: 'Retrieve a sync run',
    description:
      'One run: its status, timings, counts, per-record errors, and (for a preview) its plan.',
    input: { params: runId },
    operation: (call) => ops.retrieveRun(onId(call)),
    success: okAnswer('TicketingSyncRun'),
    errors: [401, 403, 404, 429, 503],
  },
]
