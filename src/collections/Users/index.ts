import type { CollectionConfig } from 'payload'

import { tenantAdmin } from '../../access/content'
import { isSuperAdmin } from '../../access/isSuperAdmin'
import { selfOrTenantAdmin, signedIn } from './access'
import { firstUserIsSuperAdmin } from './hooks/firstUserIsSuperAdmin'
import { limitTenantAssignments } from './hooks/limitTenantAssignments'

/**
 * Editors and admins. Global role: super-admin (every tenant) or user; per tenant (the
 * multi-tenant plugin's `tenants` array): tenant-admin or editor.
 */
export const Users: CollectionConfig = {
  slug: 'users',
  auth: true,
  admin: {
    useAsTitle: 'email',
    group: 'Settings',
    defaultColumns: ['email', 'name', 'roles', 'tenants'],
  },
  access: {
    create: tenantAdmin,
    read: signedIn,
    update: selfOrTenantAdmin,
    delete: tenantAdmin,
  },
  hooks: {
    beforeChange: [firstUserIsSuperAdmin, limitTenantAssignments],
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
        // Only a super-admin grants global roles; nobody promotes themselves.
        create: ({ req }) => isSuperAdmin(req.user),
        update: ({ req }) => isSuperAdmin(req.user),
      },
      saveToJWT: true,
    },
  ],
}
