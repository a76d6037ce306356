import type { CollectionConfig } from 'payload'

import { requireAdministeredTenant } from '../../../hooks/requireAdministeredTenant'
import { recordEvents } from '../defaults'
import { webhookAccess } from './access'
import { rotateSecretEndpoint, sendTestEndpoint } from './endpoints'
import { dropDeliveries } from './hooks/dropDeliveries'
import { issueSecret, revealSecretOnce } from './hooks/issueSecret'
import { limitWebhooksPerTenant } from './hooks/limitWebhooksPerTenant'
import { recordMaker } from './hooks/recordMaker'
import { validateTarget } from './validateTarget'
import { namedHooks } from '../../../lib/hookNames'

/**
 * A tenant's webhook subscriptions: where its changes are sent, which ones, signed with a
 * secret shown once. `kinds` lists the partner kinds a subscription may ask for.
 */
export const webhooksCollection = ({ kinds }: { kinds: readonly string[] }): CollectionConfig => ({
  slug: 'webhooks',
  labels: { singular: 'Webhook', plural: 'Webhooks' },
  custom: { tenantOwned: true },
  admin: {
    useAsTitle: 'url',
    group: 'Settings',
    defaultColumns: [
      'url',
      'description',
      'events',
      'kinds',
      'active',
      'pausedReason',
      'createdBy',
    ],
    description:
      'Partner systems told of every change as it happens, signed per Standard Webhooks. Deliveries are retried for about a day; a target that keeps failing is paused.',
  },
  access: webhookAccess,
  endpoints: [rotateSecretEndpoint, sendTestEndpoint],
  hooks: {
    beforeChange: namedHooks({
      requireAdministeredTenant,
      limitWebhooksPerTenant,
      issueSecret,
      recordMaker,
    }),
    afterChange: namedHooks({ revealSecretOnce }),
    beforeDelete: [dropDeliveries],
  },
  fields: [
    {
      name: 'url',
      label: 'Target URL',
      type: 'text',
      required: true,
      validate: validateTarget,
      admin: { description: 'Where each change is POSTed (https in production).' },
    },
    { name: 'description', type: 'text', maxLength: 500 },
    {
      name: 'events',
      type: 'select',
      hasMany: true,
      options: recordEvents.map((value) => ({ label: value, value })),
      admin: { description: 'Empty: every event.' },
    },
    {
      name: 'kinds',
      type: 'select',
      hasMany: true,
      options: kinds.map((value) => ({ label: value, value })),
      admin: { description: 'Empty: every kind of record.' },
    },
    {
      name: 'drafts',
      label: 'Also changes to drafts',
      type: 'checkbox',
      defaultValue: false,
      admin: {
        description:
          'Off: only what websites see (changes of published versions). On: also drafts saved and records never published.',
      },
    },
    {
      name: 'secret',
      type: 'ui',
      admin: { components: { Field: '/components/WebhookSecret#WebhookSecret' } },
    },
    { name: 'secretCipher', type: 'text', hidden: true },
    {
      name: 'active',
      type: 'checkbox',
      defaultValue: true,
      admin: {
        position: 'sidebar',
        description:
          'A paused subscription keeps its waiting deliveries for a while (3 days unless set otherwise), then they expire: the change feed is where to catch up.',
      },
    },
    {
      name: 'pausedReason',
      label: 'Why it was paused',
      type: 'textarea',
      admin: { readOnly: true, position: 'sidebar', condition: (data) => !data?.active },
    },
    {
      name: 'pausedAt',
      type: 'date',
      admin: {
        readOnly: true,
        position: 'sidebar',
        date: { pickerAppearance: 'dayAndTime' },
        condition: (data) => !data?.active,
      },
    },
    {
      name: 'createdBy',
      label: 'Made by',
      type: 'relationship',
      relationTo: ['users', 'api-keys'],
      admin: {
        readOnly: true,
        position: 'sidebar',
        description: 'A user, or an API key: revoking the key pauses what it made.',
      },
    },
    {
      name: 'failingSince',
      type: 'date',
      admin: {
        readOnly: true,
        position: 'sidebar',
        date: { pickerAppearance: 'dayAndTime' },
        description: 'Deliveries have failed since then without one success.',
        condition: (data) => Boolean(data?.failingSince),
      },
    },
  ],
})
