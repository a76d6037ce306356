import type { Method, Scope } from './routes'

/** The operations on a tenant as a whole; the dispatcher has one handler for each name. */
export type TenantRouteName =
  | 'changes'
  | 'listWebhooks'
  | 'createWebhook'
  | 'retrieveWebhook'
  | 'updateWebhook'
  | 'deleteWebhook'
  | 'rotateWebhookSecret'
  | 'testWebhook'
  | 'listWebhookDeliveries'
  | 'retryWebhookDelivery'
  | 'listScheduledChanges'
  | 'createScheduledChange'
  | 'deleteScheduledChange'

/**
 * An operation on a tenant as a whole rather than on one record kind. The declaration is the
 * contract: the dispatcher matches its path, and the OpenAPI document is written from it.
 * The first segment after the tenant is reserved: no record kind may take it as its path.
 */
export type TenantRoute = {
  name: TenantRouteName
  method: Method
  /** A template: `{tenant}`, then fixed segments and `{name}` parameters (UUIDs). */
  path: string
  operationId: string
  summary: string
  description: string
  scope: Scope
  tag: 'Changes' | 'Webhooks' | 'Scheduling'
  /** The component schema of the JSON body, for writes. */
  body?: string
  /** The success answer: its status, and its component schema unless it has no body. */
  success: { status: 200 | 201 | 204; schema?: string }
  errors: number[]
}

const webhook = '/{tenant}/webhooks/{id}'
const writeErrors = [400, 401, 403, 404, 413, 415, 429, 503]

export const tenantRoutes: readonly TenantRoute[] = [
  {
    name: 'changes',
    method: 'GET',
    path: '/{tenant}/changes',
    operationId: 'listChanges',
    summary: 'List changes',
    description:
      "Every create, update, publish, unpublish and delete of the tenant's records, oldest first, whatever made it (the admin, this API, an import). Mirror a tenant by reading each kind in full once, then following this feed: pass the `next` of each answer as `after`. Deletions are entries too. Of kinds with drafts the feed follows what is published, as the list operations do: changes that touched drafts only (a draft saved over a live record, records never published) are left out unless `drafts=true` (a key that may write). A cursor older than the retention, or of the retired plain encoding, answers 410: read everything again.",
    scope: 'read',
    tag: 'Changes',
    success: { status: 200, schema: 'ChangeList' },
    errors: [400, 401, 403, 410, 429, 503],
  },
  {
    name: 'listWebhooks',
    method: 'GET',
    path: '/{tenant}/webhooks',
    operationId: 'listWebhooks',
    summary: 'List webhook subscriptions',
    description: "The tenant's webhook subscriptions, newest first. Secrets are never listed.",
    scope: 'write',
    tag: 'Webhooks',
    success: { status: 200, schema: 'WebhookList' },
    errors: [401, 403, 429, 503],
  },
  {
    name: 'createWebhook',
    method: 'POST',
    path: '/{tenant}/webhooks',
    operationId: 'createWebhook',
    summary: 'Create a webhook subscription',
    description:
      "Subscribes a URL to the tenant's changes. The answer holds the signing `secret`, shown this once: keep it to verify each message (see the `webhooks` section).",
    scope: 'write',
    tag: 'Webhooks',
    body: 'WebhookCreate',
    success: { status: 201, schema: 'WebhookWithSecret' },
    errors: writeErrors.filter((s) => s !== 404),
  },
  {
    name: 'retrieveWebhook',
    method: 'GET',
    path: webhook,
    operationId: 'retrieveWebhook',
    summary: 'Retrieve a webhook subscription',
    description: 'One subscription, with why it was paused if it was.',
    scope: 'write',
    tag: 'Webhooks',
    success: { status: 200, schema: 'Webhook' },
    errors: [401, 403, 404, 429, 503],
  },
  {
    name: 'updateWebhook',
    method: 'PATCH',
    path: webhook,
    operationId: 'updateWebhook',
    summary: 'Update a webhook subscription',
    description:
      'Changes the fields sent. `active: true` resumes a paused subscription: its waiting messages are sent, in order.',
    scope: 'write',
    tag: 'Webhooks',
    body: 'WebhookUpdate',
    success: { status: 200, schema: 'Webhook' },
    errors: writeErrors,
  },
  {
    name: 'deleteWebhook',
    method: 'DELETE',
    path: webhook,
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook subscription',
    description: 'Stops the messages at once; its delivery log goes with it.',
    scope: 'write',
    tag: 'Webhooks',
    success: { status: 204 },
    errors: [401, 403, 404, 429, 503],
  },
  {
    name: 'rotateWebhookSecret',
    method: 'POST',
    path: `${webhook}/rotate-secret`,
    operationId: 'rotateWebhookSecret',
    summary: "Rotate a webhook subscription's secret",
    description:
      'A new signing secret, shown this once. Messages are signed with it from now on; the old one stops at once.',
    scope: 'write',
    tag: 'Webhooks',
    success: { status: 200, schema: 'WebhookSecret' },
    errors: [401, 403, 404, 429, 503],
  },
  {
    name: 'testWebhook',
    method: 'POST',
    path: `${webhook}/test`,
    operationId: 'testWebhook',
    summary: 'Send a test message',
    description:
      'Sends a signed `webhook.test` message now (to a paused subscription too) and answers the delivery after its attempt: one, never retried. A tenant may send a few test messages a minute (10 unless the installation sets otherwise, counted with those sent from the admin) and one at a time per subscription; beyond that the answer is 429 with `Retry-After`.',
    scope: 'write',
    tag: 'Webhooks',
    success: { status: 200, schema: 'WebhookDelivery' },
    errors: [401, 403, 404, 429, 503],
  },
  {
    name: 'listWebhookDeliveries',
    method: 'GET',
    path: `${webhook}/deliveries`,
    operationId: 'listWebhookDeliveries',
    summary: "List a webhook subscription's deliveries",
    description:
      'The messages sent to the subscription, newest first, each with its attempts: when, the answer status or error, the time taken and the start of the answer.',
    scope: 'write',
    tag: 'Webhooks',
    success: { status: 200, schema: 'WebhookDeliveryList' },
    errors: [400, 401, 403, 404, 429, 503],
  },
  {
    name: 'retryWebhookDelivery',
    method: 'POST',
    path: `${webhook}/deliveries/{deliveryId}/retry`,
    operationId: 'retryWebhookDelivery',
    summary: 'Send a delivery again',
    description:
      'Puts the message back in the queue, due now, whatever became of it (a given-up one too). The receiver gets the same `webhook-id` again. Refused with 409: a test message (send a new one instead), and a finished delivery while the subscription already has as many messages waiting as it may (10,000 unless the installation sets otherwise).',
    scope: 'write',
    tag: 'Webhooks',
    success: { status: 200, schema: 'WebhookDelivery' },
    errors: [401, 403, 404, 409, 429, 503],
  },
  {
    name: 'listScheduledChanges',
    method: 'GET',
    path: '/{tenant}/scheduled-changes',
    operationId: 'listScheduledChanges',
    summary: 'List scheduled changes',
    description:
      "The tenant's publishes and unpublishes to come, soonest first, whoever scheduled them (an editor in the admin, or a key). `record=<id>` gives one record's schedule.",
    scope: 'read',
    tag: 'Scheduling',
    success: { status: 200, schema: 'ScheduledChangeList' },
    errors: [400, 401, 403, 429, 503],
  },
  {
    name: 'createScheduledChange',
    method: 'POST',
    path: '/{tenant}/scheduled-changes',
    operationId: 'createScheduledChange',
    summary: 'Schedule a publish or unpublish',
    description:
      "Publishes the record's latest draft, or unpublishes it, at `at`. Write the draft first (`_status: draft`); the schedule does not hold content of its own.",
    scope: 'write',
    tag: 'Scheduling',
    body: 'ScheduledChangeCreate',
    success: { status: 201, schema: 'ScheduledChange' },
    errors: writeErrors,
  },
  {
    name: 'deleteScheduledChange',
    method: 'DELETE',
    path: '/{tenant}/scheduled-changes/{id}',
    operationId: 'deleteScheduledChange',
    summary: 'Cancel a scheduled change',
    description: 'The change will not happen. One that has already run is no longer listed: 404.',
    scope: 'write',
    tag: 'Scheduling',
    success: { status: 204 },
    errors: [401, 403, 404, 429, 503],
  },
]

/** Names a record kind's path may not take. */
export const reservedPaths: readonly string[] = [
  ...new Set(tenantRoutes.map((route) => route.path.split('/')[2] ?? '')),
  'openapi',
  'docs',
]

/** A template's segments after the leading slash. */
const segmentsOf = (path: string): string[] => path.split('/').slice(1)

/** The parameters of a path that fits the template, or `undefined`. */
const fit = ({
  template,
  segments,
}: {
  template: string[]
  segments: readonly string[]
}): Record<string, string> | undefined => {
  if (template.length !== segments.length) return undefined
  const params: Record<string, string> = {}
  for (const [i, part] of template.entries()) {
    const segment = segments[i] ?? ''
    const name = /^\{(\w+)\}$/.exec(part)?.[1]
    if (name) params[name] = segment
    else if (part !== segment) return undefined
  }
  return params
}

/** The tenant route for a path below the partner base, or the methods allowed there. */
export const matchTenantRoute = ({
  method,
  segments,
}: {
  method: string
  segments: readonly string[]
}):
  | { route: TenantRoute; params: Record<string, string> & { tenant: string } }
  | { allowed: Method[] }
  | undefined => {
  const candidates = tenantRoutes.flatMap((route) => {
    const params = fit({ template: segmentsOf(route.path), segments })
    return params?.tenant ? [{ route, params: { ...params, tenant: params.tenant } }] : []
  })
  if (candidates.length === 0) return undefined
  return (
    candidates.find((c) => c.route.method === method) ?? {
      allowed: candidates.map((c) => c.route.method),
    }
  )
}
