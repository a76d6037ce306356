import type { CollectionConfig } from 'payload'

import { isSuperAdmin } from '../../access/isSuperAdmin'
import { firstUserIsSuperAdmin } from './hooks/firstUserIsSuperAdmin'

export const Users: CollectionConfig = {
  slug: 'users',
  auth: true,
  admin: {
    useAsTitle: 'email',
    group: 'Settings',
    defaultColumns: ['email', 'name', 'roles'],
  },
  hooks: {
    beforeChange: [firstUserIsSuperAdmin],
  },
  fields: [
    { name: 'name', type: 'text' },
    {
      name: 'roles',
      type: 'select',
      hasMany: true,
      defaultValue: ['user'],
      options: [
        { label: 'Super admin (all tenants)', value: 'super-admin' },
        { label: 'User', value: 'user' },
      ],
      access: {
        // Only a super-admin can grant or see global roles; nobody promotes themselves.
        create: ({ req }) => isSuperAdmin(req.user),
        update: ({ req }) => isSuperAdmin(req.user),
      },
      saveToJWT: true,
    },
  ],
}
