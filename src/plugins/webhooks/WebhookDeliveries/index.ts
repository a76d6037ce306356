import type { CollectionConfig } from 'payload'

import { inAdministeredTenant } from '../../../access/administeredTenant'
import { retryByHand } from './hooks/retryByHand'
import { storedRecord } from './hooks/storedRecord'
import { namedHooks } from '../../../lib/hookNames'

const readOnly = { readOnly: true } as const

/**
 * Every message sent to a subscription and each attempt to deliver it. Written by the delivery
 * worker alone (in SQL: claims must skip rows another instance holds); tenant admins read their
 * tenants' deliveries and may send one again.
 */
export const webhookDeliveriesCollection: CollectionConfig = {
  slug: 'webhook-deliveries',
  labels: { singular: 'Webhook delivery', plural: 'Webhook deliveries' },
  custom: { tenantOwned: true },
  admin: {
    group: 'Settings',
    useAsTitle: 'type',
    defaultColumns: ['type', 'kind', 'recordId', 'state', 'attempts', 'lastStatus', 'createdAt'],
    description: 'What was sent to each webhook, attempt by attempt.',
  },
  access: {
    create: () => false,
    read: inAdministeredTenant,
    update: inAdministeredTenant,
    delete: () => false,
  },
  hooks: { beforeChange: namedHooks({ retryByHand }) },
  // What the worker's claim looks for: a subscription's due messages in order and its
  // messages on their way; what the queue counts: a subscription's backlog. Earlier waiting
  // messages of the same record are found by a partial index (webhook, kind, record, change)
  // of waiting rows only, which Payload cannot declare: migration 20261124_211118.
  indexes: [{ fields: ['webhook', 'state', 'nextAttemptAt'] }],
  fields: [
    {
      name: 'webhook',
      type: 'relationship',
      relationTo: 'webhooks',
      required: true,
      index: true,
      admin: readOnly,
    },
    { name: 'type', type: 'text', required: true, admin: readOnly },
    { name: 'kind', type: 'text', admin: readOnly },
    { name: 'recordId', type: 'text', admin: readOnly },
    { name: 'event', type: 'text', admin: readOnly },
    { name: 'fields', type: 'json', admin: readOnly },
    {
      name: 'payload',
      type: 'relationship',
      relationTo: 'webhook-payloads',
      index: true,
      // Not `hidden`: the record field below reads it after it.
      admin: { hidden: true },
    },
    {
      name: 'record',
      type: 'json',
      virtual: true,
      hooks: { afterRead: [storedRecord] },
      admin: { ...readOnly, description: 'The record as the change left it, as sent.' },
    },
    {
      name: 'change',
      type: 'number',
      admin: { ...readOnly, description: 'The change log entry this message tells of.' },
    },
    { name: 'changedAt', type: 'date', admin: readOnly },
    {
      name: 'state',
      type: 'select',
      required: true,
      defaultValue: 'pending',
      options: ['pending', 'delivering', 'succeeded', 'failed'].map((value) => ({
        label: value,
        value,
      })),
      admin: { ...readOnly, position: 'sidebar' },
    },
    {
      name: 'attempts',
      type: 'number',
      defaultValue: 0,
      admin: { ...readOnly, position: 'sidebar' },
    },
    {
      name: 'nextAttemptAt',
      type: 'date',
      admin: { ...readOnly, position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } },
    },
    { name: 'leaseUntil', type: 'date', hidden: true },
    {
      name: 'deliveredAt',
      type: 'date',
      admin: { ...readOnly, position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } },
    },
    { name: 'lastStatus', type: 'number', admin: { ...readOnly, position: 'sidebar' } },
    { name: 'lastError', type: 'text', admin: { ...readOnly, position: 'sidebar' } },
    {
      name: 'log',
      type: 'json',
      admin: {
        ...readOnly,
        description:
          'Each attempt: when, the answer status or error, the time taken, and the start of the answer.',
      },
    },
    {
      name: 'retry',
      label: 'Retry now',
      type: 'checkbox',
      virtual: true,
      admin: {
        position: 'sidebar',
        description: 'Save with this ticked to send the message again now.',
      },
    },
  ],
}
