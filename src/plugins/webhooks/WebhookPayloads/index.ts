import type { CollectionConfig } from 'payload'

/**
 * The record a change left, stored once however many subscriptions are sent it: deliveries
 * point here (`webhook-deliveries.payload`). Written by the queue and removed by the log's
 * pruning once no delivery points at it; nobody reads or writes it through Payload. It has no
 * tenant of its own: it is its deliveries' (a change's sequence is unique across tenants).
 */
export const webhookPayloadsCollection: CollectionConfig = {
  slug: 'webhook-payloads',
  // In GraphQL's schema all the same: deliveries' relationship to it needs its type there.
  admin: { hidden: true },
  access: {
    create: () => false,
    read: () => false,
    update: () => false,
    delete: () => false,
  },
  fields: [
    {
      name: 'change',
      type: 'number',
      admin: { description: 'The change log entry whose record this is.' },
    },
    { name: 'record', type: 'json' },
  ],
}
