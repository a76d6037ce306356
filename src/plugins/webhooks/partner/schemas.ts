import type { OpenAPIV3_1 } from 'openapi-types'

import {
  collectionProperties,
  schemaRef as ref,
  type DocumentContext,
  type Parameter,
  type JsonSchema,
} from '../../partnerApi/exports/routes'
import { makerSchema } from '../../partnerShape'
import { recordEventType, recordEvents, testEventType } from '../defaults'
import { deliveryPage } from '../operations/deliveriesQuery'
import { writableFields } from './writable'

type Type = OpenAPIV3_1.NonArraySchemaObjectType
const nullable = (type: Type, extra: JsonSchema = {}): JsonSchema => ({
  type: [type, 'null'],
  ...extra,
})

/** What the document says of the fields a partner may set, beyond the fields themselves. */
const writableWords: Record<string, JsonSchema> = {
  url: {
    format: 'uri',
    maxLength: 2000,
    description: 'Where messages are POSTed: https (http outside production).',
  },
  events: { description: 'The events wanted; empty: all.' },
  kinds: { description: 'The record kinds wanted; empty: all.' },
  drafts: {
    description:
      'true: also the changes that touched drafts only (a draft saved over a live record, records never published); default false: what websites see. A read key cannot ask.',
  },
  active: {
    description: 'false pauses the subscription; its messages wait until it is active again.',
  },
}

const attempt: JsonSchema = {
  type: 'object',
  required: ['at', 'ok', 'status', 'latencyMs', 'excerpt', 'error'],
  properties: {
    at: { type: 'string', format: 'date-time' },
    ok: { type: 'boolean' },
    status: nullable('integer', { description: 'The answer status; null when none came.' }),
    latencyMs: { type: 'integer' },
    excerpt: { type: 'string', description: 'The start of the answer body.' },
    error: nullable('string'),
  },
}

const always = ['url', 'events', 'kinds', 'drafts', 'active', 'createdAt', 'updatedAt']

/** The subscription, delivery and message schemas, from the collections' fields. */
export const webhookSchemas = ({ config, kinds }: DocumentContext): Record<string, JsonSchema> => {
  const fields = collectionProperties({
    config,
    slug: 'webhooks',
    names: writableFields,
    alwaysSet: always,
    refine: writableWords,
  })
  const webhookNames = [
    'id',
    ...writableFields,
    'pausedReason',
    'pausedAt',
    'failingSince',
    'createdBy',
    'createdAt',
    'updatedAt',
  ]
  const webhook: JsonSchema = {
    type: 'object',
    required: webhookNames,
    properties: collectionProperties({
      config,
      slug: 'webhooks',
      names: webhookNames,
      alwaysSet: always,
      declared: { id: { type: 'string', format: 'uuid' }, createdBy: makerSchema },
      refine: {
        ...writableWords,
        pausedReason: { description: 'Why it was paused, when it was.' },
      },
    }),
  }
  const deliveryNames = [
    'id',
    'type',
    'kind',
    'recordId',
    'event',
    'state',
    'attempts',
    'nextAttemptAt',
    'deliveredAt',
    'lastStatus',
    'lastError',
    'log',
    'createdAt',
  ]
  return {
    Webhook: webhook,
    WebhookCreate: {
      type: 'object',
      additionalProperties: false,
      required: ['url'],
      properties: fields,
    },
    WebhookUpdate: { type: 'object', additionalProperties: false, properties: fields },
    WebhookWithSecret: {
      allOf: [
        ref('Webhook'),
        {
          type: 'object',
          required: ['secret'],
          properties: {
            secret: { type: 'string', description: 'The signing secret (`whsec_…`), shown once.' },
          },
        },
      ],
    },
    WebhookList: {
      type: 'object',
      required: ['docs'],
      properties: { docs: { type: 'array', items: ref('Webhook') } },
    },
    WebhookSecret: {
      type: 'object',
      required: ['secret'],
      properties: { secret: { type: 'string', description: 'The new secret, shown once.' } },
    },
    WebhookDelivery: {
      type: 'object',
      required: deliveryNames,
      properties: collectionProperties({
        config,
        slug: 'webhook-deliveries',
        names: deliveryNames,
        alwaysSet: ['type', 'state', 'attempts', 'createdAt'],
        declared: {
          id: { type: 'string', format: 'uuid', description: "Also the message's `webhook-id`." },
          log: { type: 'array', items: attempt },
        },
        // Counts and statuses are whole numbers.
        refine: { attempts: { type: 'integer' }, lastStatus: { type: ['integer', 'null'] } },
      }),
    },
    WebhookDeliveryList: {
      type: 'object',
      required: ['docs', 'page', 'limit', 'totalDocs', 'hasNextPage'],
      properties: {
        docs: { type: 'array', items: ref('WebhookDelivery') },
        page: { type: 'integer' },
        limit: { type: 'integer' },
        totalDocs: { type: 'integer' },
        hasNextPage: { type: 'boolean' },
      },
    },
    WebhookMessage: {
      type: 'object',
      required: ['type', 'timestamp', 'data'],
      properties: {
        type: {
          type: 'string',
          enum: [...recordEvents.map(recordEventType), testEventType],
        },
        timestamp: {
          type: 'string',
          format: 'date-time',
          description: 'When the change was made.',
        },
        data: {
          type: 'object',
          required: ['tenant', 'kind', 'id', 'event', 'fields', 'change', 'record'],
          properties: {
            tenant: { type: 'string', description: 'The tenant slug.' },
            kind: nullable('string', { enum: [...kinds, null] }),
            id: nullable('string', { description: 'The record id.' }),
            event: nullable('string', { enum: [...recordEvents, null] }),
            fields: { type: 'array', items: { type: 'string' } },
            change: nullable('string', {
              description: 'The change feed cursor of this change: pass it as `after` to read on.',
            }),
            record: nullable('object', {
              description:
                "The record as the change left it, in its kind's schema (as the retrieve operation answers it); null for a delete and a test.",
            }),
          },
        },
      },
    },
  }
}

/** `?limit=&page=` of the delivery log. */
export const deliveryParameters: Parameter[] = [
  {
    name: 'limit',
    in: 'query',
    description: `Deliveries per answer (1–${deliveryPage.maxLimit}, default ${deliveryPage.limit}).`,
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: deliveryPage.maxLimit,
      default: deliveryPage.limit,
    },
  },
  {
    name: 'page',
    in: 'query',
    description: 'Page number, from 1.',
    schema: { type: 'integer', minimum: 1, default: 1 },
  },
]

/**
 * The 3.1 `webhooks` section: one entry per message type, each a POST the receiver answers.
 */
export const webhookMessages = (): Record<string, { post: OpenAPIV3_1.OperationObject }> =>
  Object.fromEntries(
    [...recordEvents.map(recordEventType), testEventType].map((type) => [
      type,
      {
        post: {
          operationId: `receive_${type.replace('.', '_')}`,
          summary:
            type === testEventType
              ? 'A test message, sent on request'
              : `A record was ${type.split('.')[1]}`,
          description:
            'Verify the signature before trusting the body, and answer 2xx within 10 s; a repeat carries the same `webhook-id`.',
          tags: ['Webhooks'],
          // The receiver's own endpoint: the message proves itself by its signature.
          security: [],
          parameters: ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ({
            name,
            in: 'header',
            required: true,
            schema: { type: 'string' },
          })),
          requestBody: {
            required: true,
            content: { 'application/json': { schema: ref('WebhookMessage') } },
          },
          responses: { '200': { description: 'Received. Any 2xx will do.' } },
        },
      },
    ]),
  )
