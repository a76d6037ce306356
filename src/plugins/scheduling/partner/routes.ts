import type { PartnerRoute } from '../../partnerApi/exports/routes'
import {
  createScheduled,
  deleteScheduled,
  listScheduled,
  parseScheduledQuery,
  schedulableKinds,
  type ScheduledQuery,
} from './operations'
import { scheduledParameters, scheduledSchemas } from './schemas'

export const schedulingTag = {
  name: 'Scheduling',
  description:
    "Publishes and unpublishes of drafted records at a time to come (events and pages). A record's changes to come are listed here with `record=<id>`; when one is due it happens once, as if published then, and appears in the change feed and webhooks like any publish.",
}

/** What every scheduling route says: its tag, and the schemas they name. */
const common = {
  tag: schedulingTag,
  schemas: ({ config }) => scheduledSchemas([...schedulableKinds({ config }).keys()]),
} satisfies Partial<PartnerRoute>

const list: PartnerRoute<ScheduledQuery> = {
  ...common,
  method: 'GET',
  path: '/{tenant}/scheduled-changes',
  scope: 'read',
  operationId: 'listScheduledChanges',
  summary: 'List scheduled changes',
  description:
    "The tenant's publishes and unpublishes to come, soonest first, whoever scheduled them (an editor in the admin, or a key). `record=<id>` gives one record's schedule.",
  input: {
    query: {
      parse: ({ search, payload }) =>
        parseScheduledQuery({ search, kinds: [...schedulableKinds(payload).keys()] }),
      parameters: ({ config }) => scheduledParameters([...schedulableKinds({ config }).keys()]),
    },
  },
  operation: ({ payload, principal, query }) => listScheduled({ payload, principal, query }),
  success: { status: 200, description: 'Successful response', schema: 'ScheduledChangeList' },
  errors: [400, 401, 403, 429, 503],
}

const create: PartnerRoute<unknown, Awaited<ReturnType<typeof createScheduled>>> = {
  ...common,
  method: 'POST',
  path: '/{tenant}/scheduled-changes',
  scope: 'write',
  operationId: 'createScheduledChange',
  summary: 'Schedule a publish or unpublish',
  description:
    "Publishes the record's latest draft, or unpublishes it, at `at`. Write the draft first (`_status: draft`); the schedule does not hold content of its own.",
  input: { body: { type: 'json', schema: 'ScheduledChangeCreate' } },
  operation: ({ payload, principal, body }) => createScheduled({ payload, principal, body }),
  success: {
    status: 201,
    description: 'Created',
    schema: 'ScheduledChange',
    location: ({ call, result }) =>
      `/${call.principal.tenant.slug}/scheduled-changes/${String(result.id)}`,
  },
  errors: [400, 401, 403, 404, 413, 415, 429, 503],
}

/** The scheduled change routes, for `partnerApi({ routes })`. */
export const scheduleRoutes: readonly PartnerRoute[] = [
  list,
  create,
  {
    ...common,
    method: 'DELETE',
    path: '/{tenant}/scheduled-changes/{id}',
    scope: 'write',
    operationId: 'deleteScheduledChange',
    summary: 'Cancel a scheduled change',
    description: 'The change will not happen. One that has already run is no longer listed: 404.',
    input: {
      params: {
        id: {
          name: 'id',
          in: 'path',
          required: true,
          description: 'The scheduled change’s identifier.',
          schema: { type: 'string', format: 'uuid' },
        },
      },
    },
    operation: ({ payload, principal, params }) =>
      deleteScheduled({ payload, principal, id: params.id ?? '' }),
    success: { status: 204, description: 'No content' },
    errors: [401, 403, 404, 429, 503],
  },
]
