import type { CollectionConfig } from 'payload'

import { superAdminOnly } from '../../access/isSuperAdmin'

export const Tenants: CollectionConfig = {
  slug: 'tenants',
  admin: {
    useAsTitle: 'name',
    group: 'Settings',
    defaultColumns: ['name', 'slug', 'updatedAt'],
  },
  access: {
    create: superAdminOnly,
    delete: superAdminOnly,
  },
  fields: [
    { name: 'name', type: 'text', required: true },
    {
      name: 'slug',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      admin: { description: 'Lowercase letters, digits and hyphens; used in partner API paths.' },
    },
  ],
}
