import type { OpenAPIV3_1 } from 'openapi-types'

/** `createdBy` of a subscription or scheduled change, as `makerOf` answers it. */
export const makerSchema: OpenAPIV3_1.SchemaObject = {
  type: ['object', 'null'],
  required: ['type', 'id'],
  description:
    'Who made it: a user of the admin or an API key (revoking the key pauses its subscriptions and cancels its scheduled changes); null when the system made it or that user or key is deleted.',
  properties: {
    type: { type: 'string', enum: ['user', 'key'] },
    id: { type: 'string' },
  },
}
