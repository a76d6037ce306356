import { multiTenantPlugin } from '@payloadcms/plugin-multi-tenant'
import type { Config as PayloadConfig, Plugin } from 'payload'

import { isSuperAdmin } from '../access/isSuperAdmin'
import { isTenantAdmin } from '../access/tenantRoles'
import type { Config } from '../payload-types'
import { collectionsDeclaring } from './partnerApi/exports/kinds'

/**
 * The multi-tenant plugin over every collection that declares itself `tenantOwned`.
 *
 * The plugin wraps each function of a collection's `access` object in place. Collections that
 * share one object (most content shares `contentAccess`) would have it wrapped once per
 * collection: measured, every tenant read ran 14 nested checks and sent 14 identical
 * `tenant in (…)` conditions. Each collection gets its own copy first.
 */
export const tenancy = (): Plugin => async (incoming) => {
  const owned = new Set<string>(
    collectionsDeclaring({ collections: incoming.collections ?? [], fact: 'tenantOwned' }),
  )
  const config = {
    ...incoming,
    collections: (incoming.collections ?? []).map((collection) => ({
      ...collection,
      ...(collection.access ? { access: { ...collection.access } } : {}),
      // Every read of tenant content is narrowed to one tenant and sorted, by default on
      // `createdAt`, and a partner mirroring changes sorts on `updatedAt`: these indexes (Payload
      // copies them onto the versions tables) give a page, deep or not, without sorting the
      // whole tenant. Measured at 100k events: see `npm run bench`.
      ...(owned.has(collection.slug)
        ? {
            indexes: [
              ...(collection.indexes ?? []),
              { fields: ['tenant', 'createdAt'] },
              { fields: ['tenant', 'updatedAt'] },
            ],
            // With all organisations shown, a row says whose it is.
            ...(collection.admin?.defaultColumns &&
            !collection.admin.defaultColumns.includes('tenant')
              ? {
                  admin: {
                    ...collection.admin,
                    defaultColumns: [...collection.admin.defaultColumns, 'tenant'],
                  },
                }
              : {}),
          }
        : {}),
    })),
  }
  const withTenants = await multiTenantPlugin<Config>({
    collections: Object.fromEntries(
      collectionsDeclaring({ collections: config.collections, fact: 'tenantOwned' }).map((slug) => [
        slug,
        {},
      ]),
    ),
    userHasAccessToAllTenants: (user) => isSuperAdmin(user),
    // The plugin keeps its field out of lists; an editor of several organisations needs to see
    // and filter by it.
    tenantField: {
      label: 'Organisation',
      admin: { disableListColumn: false, disableListFilter: false },
    },
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
  return selectorInHeader(withTenants)
}

const selectorPath = '@payloadcms/plugin-multi-tenant/rsc#TenantSelector'

const isSelector = (component: unknown): boolean =>
  component === selectorPath ||
  (typeof component === 'object' &&
    component !== null &&
    (component as { path?: unknown }).path === selectorPath)

/**
 * The plugin puts the organisation selector at the top of the side menu, which is collapsed on
 * most screens: an editor of several organisations could not see which one the lists show. It
 * goes to the header instead, on every view (the plugin's own component: it shows itself only
 * to someone with more than one organisation, and is read-only on a document).
 */
const selectorInHeader = (config: PayloadConfig): PayloadConfig => {
  const components = config.admin?.components ?? {}
  const selector = (components.beforeNav ?? []).filter(isSelector)
  return {
    ...config,
    admin: {
      ...config.admin,
      components: {
        ...components,
        beforeNav: (components.beforeNav ?? []).filter((c) => !isSelector(c)),
        actions: [...selector, ...(components.actions ?? [])],
      },
    },
  }
}
