import type { CollectionConfig } from 'payload'

import { tenantAdmin } from '../../access/content'
import { isSuperAdmin, superAdminOnly } from '../../access/isSuperAdmin'
import { manageUsers, selfOrManagedUser } from '../../access/manageable'
import { firstUserIsSuperAdmin } from './hooks/firstUserIsSuperAdmin'
import { checkMembershipRows } from './hooks/checkMembershipRows'
import { limitTenantAssignments } from './hooks/limitTenantAssignments'
import { namedHooks } from '../../lib/hookNames'

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
    // A tenant admin reaches only users wholly inside the tenants they administer, never a
    // super-admin: sharing one tenant with someone is no licence to reset their password.
    read: selfOrManagedUser,
    update: selfOrManagedUser,
    delete: manageUsers,
    unlock: superAdminOnly,
  },
  hooks: {
    beforeOperation: namedHooks({ checkMembershipRows }),
    beforeChange: namedHooks({ firstUserIsSuperAdmin, limitTenantAssignments }),
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
