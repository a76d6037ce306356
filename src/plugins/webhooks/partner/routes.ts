import type { PartnerRoute, RouteCall } from '../../partnerApi/exports/routes'
import { okAnswer, queryProblems, uuidPathParameter } from '../../partnerApi/exports/routes'
import { parseDeliveriesQuery, type DeliveriesQuery } from '../operations/deliveriesQuery'
import * as ops from './operations'
import { deliveryParameters, webhookMessages, webhookSchemas } from './schemas'

export const webhooksTag = {
  name: 'Webhooks',
  description:
    "Subscriptions that POST each change of the tenant's records to a URL as it happens, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the secret's bytes after `whsec_`). At least once, each record's messages in order; a message that is not answered 2xx is retried over about a day (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), and a subscription failing for a day is paused with the reason. Redirects are not followed; private addresses are refused. The messages are described in this document's `webhooks` section.",
}

const subscriptionId = {
  id: uuidPathParameter({ name: 'id', description: 'The subscription identifier.' }),
}
const deliveryId = {
  deliveryId: uuidPathParameter({ name: 'deliveryId', description: 'The delivery identifier.' }),
}

const webhook = '/{tenant}/webhooks/{id}'
const writeErrors = [400, 401, 403, 404, 413, 415, 429, 503]

/** The subscription a path names, in the principal's tenant. */
const onWebhook = ({ payload, principal, params }: RouteCall<unknown>) => ({
  payload,
  principal,
  id: params.id ?? '',
})

/** What every webhook route says: its tag, scope, and the document parts they all name. */
const common = {
  scope: 'write',
  tag: webhooksTag,
  schemas: (context) => webhookSchemas(context),
  messages: () => webhookMessages(),
} satisfies Partial<PartnerRoute>

const deliveries: PartnerRoute<DeliveriesQuery> = {
  ...common,
  method: 'GET',
  path: `${webhook}/deliveries`,
  operationId: 'listWebhookDeliveries',
  summary: "List a webhook subscription's deliveries",
  description:
    'The messages sent to the subscription, newest first, each with its attempts: when, the answer status or error, the time taken and the start of the answer.',
  input: {
    params: subscriptionId,
    query: {
      parse: ({ search }) => {
        const parsed = parseDeliveriesQuery(search)
        return 'problems' in parsed ? queryProblems(parsed.problems) : parsed.query
      },
      parameters: () => deliveryParameters,
    },
  },
  operation: (call) => ops.listDeliveries({ ...onWebhook(call), query: call.query }),
  success: okAnswer('WebhookDeliveryList'),
  errors: [400, 401, 403, 404, 429, 503],
}

const create: PartnerRoute<unknown, Awaited<ReturnType<typeof ops.createWebhook>>> = {
  ...common,
  method: 'POST',
  path: '/{tenant}/webhooks',
  operationId: 'createWebhook',
  summary: 'Create a webhook subscription',
  description:
    "Subscribes a URL to the tenant's changes. The answer holds the signing `secret`, shown this once: keep it to verify each message (see the `webhooks` section).",
  input: { body: { type: 'json', schema: 'WebhookCreate' } },
  operation: ({ payload, principal, body }) => ops.createWebhook({ payload, principal, body }),
  success: {
    status: 201,
    description: 'Created',
    schema: 'WebhookWithSecret',
    location: ({ call, result }) => `/${call.principal.tenant.slug}/webhooks/${result.id}`,
  },
  errors: writeErrors.filter((s) => s !== 404),
}

/** The webhook subscription routes, for `partnerApi({ routes })`. */
export const webhookRoutes: readonly PartnerRoute[] = [
  {
    ...common,
    method: 'GET',
    path: '/{tenant}/webhooks',
    operationId: 'listWebhooks',
    summary: 'List webhook subscriptions',
    description: "The tenant's webhook subscriptions, newest first. Secrets are never listed.",
    input: {},
    operation: ({ payload, principal }) => ops.listWebhooks({ payload, principal }),
    success: okAnswer('WebhookList'),
    errors: [401, 403, 429, 503],
  },
  create,
  {
    ...common,
    method: 'GET',
    path: webhook,
    operationId: 'retrieveWebhook',
    summary: 'Retrieve a webhook subscription',
    description: 'One subscription, with why it was paused if it was.',
    input: { params: subscriptionId },
    operation: (call) => ops.retrieveWebhook(onWebhook(call)),
    success: okAnswer('Webhook'),
    errors: [401, 403, 404, 429, 503],
  },
  {
    ...common,
    method: 'PATCH',
    path: webhook,
    operationId: 'updateWebhook',
    summary: 'Update a webhook subscription',
    description:
      'Changes the fields sent. `active: true` resumes a paused subscription: its waiting messages are sent, in order.',
    input: { params: subscriptionId, body: { type: 'json', schema: 'WebhookUpdate' } },
    operation: (call) => ops.updateWebhook({ ...onWebhook(call), body: call.body }),
    success: okAnswer('Webhook'),
    errors: writeErrors,
  },
  {
    ...common,
    method: 'DELETE',
    path: webhook,
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook subscription',
    description: 'Stops the messages at once; its delivery log goes with it.',
    input: { params: subscriptionId },
    operation: (call) => ops.deleteWebhook(onWebhook(call)),
    success: { status: 204, description: 'No content' },
    errors: [401, 403, 404, 429, 503],
  },
  {
    ...common,
    method: 'POST',
    path: `${webhook}/rotate-secret`,
    operationId: 'rotateWebhookSecret',
    summary: "Rotate a webhook subscription's secret",
    description:
      'A new signing secret, shown this once. Messages are signed with it from now on; the old one stops at once.',
    input: { params: subscriptionId },
    operation: (call) => ops.rotateSecret(onWebhook(call)),
    success: okAnswer('WebhookSecret'),
    errors: [401, 403, 404, 429, 503],
  },
  {
    ...common,
    method: 'POST',
    path: `${webhook}/test`,
    operationId: 'testWebhook',
    summary: 'Send a test message',
    description:
      'Sends a signed `webhook.test` message now (to a paused subscription too) and answers the delivery after its attempt: one, never retried. A tenant may send a few test messages a minute (10 unless the installation sets otherwise, counted with those sent from the admin) and one at a time per subscription; beyond that the answer is 429 with `Retry-After`.',
    input: { params: subscriptionId },
    operation: (call) => ops.testWebhook(onWebhook(call)),
    success: okAnswer('WebhookDelivery'),
    errors: [401, 403, 404, 429, 503],
  },
  deliveries,
  {
    ...common,
    method: 'POST',
    path: `${webhook}/deliveries/{deliveryId}/retry`,
    operationId: 'retryWebhookDelivery',
    summary: 'Send a delivery again',
    description:
      'Puts the message back in the queue, due now, whatever became of it (a given-up one too). The receiver gets the same `webhook-id` again. Refused with 409: a test message (send a new one instead), and a finished delivery while the subscription already has as many messages waiting as it may (10,000 unless the installation sets otherwise).',
    input: { params: { ...subscriptionId, ...deliveryId } },
    operation: (call) =>
      ops.retryWebhookDelivery({ ...onWebhook(call), deliveryId: call.params.deliveryId ?? '' }),
    success: okAnswer('WebhookDelivery'),
    errors: [401, 403, 404, 409, 429, 503],
  },
]
