import type { CollectionConfig } from 'payload'

import { userTenantIds } from '../../../access/tenantRoles'
import { canCreateKeys, manageKeys } from './access'
import { rateLimitWithinDefault } from './rateLimitWithinDefault'
import { rotateSecret } from './endpoints/rotateSecret'
import { limitKeysPerTenant } from './hooks/limitKeysPerTenant'
import { retireOnDelete, retireOnRevoke } from './hooks/retireKeyWork'
import { checkKeyTenantsShape, issueKey, limitKeyTenants, revealKeyOnce } from './hooks/issueKey'
import { namedHooks } from '../../../lib/hookNames'

/**
 * Partner API keys. A key belongs to a partner, is bound to one or more tenants, and reads or
 * reads and writes. Stored as a SHA-256 of its secret; the plaintext is shown once.
 */
export const ApiKeys: CollectionConfig = {
  slug: 'api-keys',
  labels: { singular: 'API key', plural: 'API keys' },
  admin: {
    useAsTitle: 'name',
    group: 'Settings',
    defaultColumns: ['name', 'partner', 'scope', 'tenants', 'lastUsedAt', 'revoked'],
    description: 'Keys for partner systems (ticketing, listings, websites) using the partner API.',
  },
  access: {
    create: canCreateKeys,
    // Only someone who administers every tenant of a key sees or changes it: a key of B and C
    // is not C's admin's to widen, rotate or restore.
    read: manageKeys,
    update: manageKeys,
    delete: manageKeys,
  },
  endpoints: [rotateSecret],
  hooks: {
    beforeOperation: namedHooks({ checkKeyTenantsShape }),
    beforeChange: namedHooks({ limitKeyTenants, limitKeysPerTenant, issueKey }),
    afterChange: namedHooks({ retireOnRevoke, revealKeyOnce }),
    beforeDelete: [retireOnDelete],
  },
  fields: [
    { name: 'name', type: 'text', required: true, admin: { description: 'What this key is for.' } },
    { name: 'partner', type: 'text', admin: { description: 'The partner system or company.' } },
    {
      name: 'tenants',
      type: 'relationship',
      relationTo: 'tenants',
      label: 'Organisations',
      hasMany: true,
      required: true,
      minRows: 1,
      // Someone who manages one organisation makes keys for it: it is there already.
      defaultValue: ({ user }: { user?: unknown }) => {
        const ids = userTenantIds({ user: user as Parameters<typeof userTenantIds>[0]['user'] })
        return ids.length === 1 ? ids : undefined
      },
      admin: { description: 'The organisations whose records the key reads, or writes.' },
    },
    {
      name: 'scope',
      type: 'select',
      required: true,
      defaultValue: 'read',
      options: [
        { label: 'Read', value: 'read' },
        { label: 'Read and write', value: 'write' },
      ],
    },
    {
      name: 'rateLimit',
      type: 'number',
      min: 1,
      validate: rateLimitWithinDefault,
      admin: {
        description:
          'Requests per minute this key may make. Empty: the server default (PARTNER_RATE_LIMIT_PER_MINUTE, 600).',
      },
    },
    {
      name: 'secret',
      type: 'ui',
      admin: { components: { Field: '/components/ApiKeySecret#ApiKeySecret' } },
    },
    { name: 'prefix', type: 'text', unique: true, admin: { readOnly: true, position: 'sidebar' } },
    { name: 'hash', type: 'text', hidden: true },
    {
      name: 'lastUsedAt',
      type: 'date',
      admin: { readOnly: true, position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      name: 'revoked',
      type: 'checkbox',
      defaultValue: false,
      admin: { position: 'sidebar', description: 'A revoked key stops working at once.' },
    },
    { name: 'revokedAt', type: 'date', admin: { readOnly: true, position: 'sidebar' } },
    {
      name: 'made',
      type: 'ui',
      admin: { position: 'sidebar', components: { Field: '/components/KeyWork#KeyWork' } },
    },
    {
      name: 'createdBy',
      type: 'relationship',
      relationTo: 'users',
      admin: { readOnly: true, position: 'sidebar' },
    },
  ],
}
