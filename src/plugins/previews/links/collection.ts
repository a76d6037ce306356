import type { CollectionConfig } from 'payload'

import type { CollectionFacts } from '../../../collections/facts'
import { previewCollections, previewLinksSlug } from '../defaults'
import { previewLinkAccess } from './access'
import { keepLink } from './keepLink'
import { namedHooks } from '../../../lib/hookNames'

/**
 * Links that let someone without an account read one draft event or page. The token is never
 * stored: it is signed from the row's facts and shown once to its maker; the row is what
 * revoking changes.
 */
export const previewLinksCollection: CollectionConfig = {
  slug: previewLinksSlug,
  labels: { singular: 'Preview link', plural: 'Preview links' },
  custom: { tenantOwned: true } satisfies CollectionFacts,
  admin: {
    useAsTitle: 'record',
    group: 'Content',
    defaultColumns: ['collection', 'record', 'expiresAt', 'revoked', 'createdBy', 'createdAt'],
    description:
      'Links that show a draft to someone without an account ("Share preview link" on an event or page). Revoke one to stop it at once.',
  },
  access: previewLinkAccess,
  hooks: { beforeChange: namedHooks({ keepLink }) },
  fields: [
    {
      name: 'collection',
      label: 'Kind',
      type: 'select',
      required: true,
      options: previewCollections.map((value) => ({ label: value, value })),
      admin: { readOnly: true },
    },
    {
      name: 'record',
      type: 'text',
      required: true,
      admin: { readOnly: true, description: 'The id of the event or page it shows.' },
    },
    {
      name: 'expiresAt',
      type: 'date',
      required: true,
      admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      name: 'revoked',
      type: 'checkbox',
      defaultValue: false,
      admin: {
        position: 'sidebar',
        description: 'A revoked link shows nothing any more; it cannot be restored.',
      },
    },
    {
      name: 'revokedAt',
      type: 'date',
      admin: {
        readOnly: true,
        position: 'sidebar',
        date: { pickerAppearance: 'dayAndTime' },
        condition: (data) => Boolean(data?.revoked),
      },
    },
    {
      name: 'createdBy',
      label: 'Made by',
      type: 'relationship',
      relationTo: ['users', 'api-keys'],
      admin: { readOnly: true, position: 'sidebar' },
    },
  ],
}
