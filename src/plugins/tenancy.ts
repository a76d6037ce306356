import { multiTenantPlugin } from '@payloadcms/plugin-multi-tenant'
import type { Plugin } from 'payload'

import { isSuperAdmin } from '../access/isSuperAdmin'
import { isTenantAdmin } from '../access/tenantRoles'
import type { Config } from '../payload-types'
import { collectionsDeclaring } from './partnerApi/kinds/declared'

/** The multi-tenant plugin over every collection that declares itself `tenantOwned`. */
export const tenancy = (): Plugin => (config) =>
  multiTenantPlugin<Config>({
    collections: Object.fromEntries(
      collectionsDeclaring({ collections: config.collections ?? [], fact: 'tenantOwned' }).map(
        (slug) => [slug, {}],
      ),
    ),
    userHasAccessToAllTenants: (user) => isSuperAdmin(user),
    tenantsArrayField: {
      // Tenant admins manage memberships of their own tenants (checked in limitTenantAssignments).
      arrayFieldAccess: {
        create: ({ req }) => isSuperAdmin(req.user) || isTenantAdmin(req.user),
        update: ({ req }) => isSuperAdmin(req.user) || isTenantAdmin(req.user),
      },
      tenantFieldAccess: {
        create: ({ req }) => isSuperAdmin(req.user) || isTenantAdmin(req.user),
        update: ({ req }) => isSuperAdmin(req.user) || isTenantAdmin(req.user),
      },
      rowFields: [
        {
          name: 'roles',
          type: 'select',
          hasMany: true,
          required: true,
          defaultValue: ['editor'],
          options: [
            { label: 'Tenant admin', value: 'tenant-admin' },
            { label: 'Editor', value: 'editor' },
          ],
        },
      ],
    },
    i18n: { translations: { en: { 'nav-tenantSelector-label': 'Organisation' } } },
  })(config)
