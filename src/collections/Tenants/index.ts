import type { CollectionConfig } from 'payload'

import { isSuperAdmin, superAdminOnly } from '../../access/isSuperAdmin'
import { userTenantIds } from '../../access/tenantRoles'
import { defaultSearchLanguage, searchLanguages } from '../../lib/searchLanguages'
import { readSettings } from '../../lib/settings'
import { canonicalTimeZone, validateTimeZone } from '../../lib/timeZones'
import { oneLanguageChangeAtATime, restampSearchLanguage } from './hooks/restampSearchLanguage'
import { validateTenantSlug } from './validateTenantSlug'
import { validateWebsite } from './validateWebsite'
import { namedHooks } from '../../lib/hookNames'

export const Tenants: CollectionConfig = {
  slug: 'tenants',
  labels: { singular: 'Organisation', plural: 'Organisations' },
  admin: {
    useAsTitle: 'name',
    group: 'Settings',
    defaultColumns: ['name', 'slug', 'updatedAt'],
  },
  access: {
    create: superAdminOnly,
    delete: superAdminOnly,
    // The plugin narrows reads to the user's own tenants; admins may rename theirs.
    read: ({ req }) => Boolean(req.user),
    update: ({ req }) =>
      isSuperAdmin(req.user) || {
        id: { in: userTenantIds({ user: req.user, role: 'tenant-admin' }) },
      },
  },
  hooks: {
    beforeChange: namedHooks({ oneLanguageChangeAtATime }),
    afterChange: namedHooks({ restampSearchLanguage }),
  },
  fields: [
    { name: 'name', type: 'text', required: true },
    {
      name: 'slug',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      validate: validateTenantSlug,
      admin: {
        description:
          'Lowercase letters, digits and hyphens, 2–63 characters; used in partner API paths.',
      },
    },
    {
      name: 'website',
      type: 'text',
      validate: validateWebsite,
      admin: {
        description: 'The public website, for the addresses in SEO previews.',
      },
    },
    {
      name: 'language',
      type: 'select',
      defaultValue: defaultSearchLanguage,
      options: searchLanguages.map(({ value, label }) => ({ value, label })),
      admin: {
        description:
          'The language the content is written in: search then finds other forms of a word (sing, sings, singing).',
      },
    },
    {
      name: 'timeZone',
      type: 'text',
      defaultValue: () => readSettings().timeZone,
      validate: validateTimeZone,
      hooks: { beforeValidate: [({ value }) => canonicalTimeZone(value)] },
      admin: {
        description:
          'Where the performances happen, as an IANA time zone (Europe/London, America/New_York): new performances take it, and their titles and partner answers show local times.',
      },
    },
    {
      name: 'publicCalendarFeeds',
      type: 'checkbox',
      defaultValue: false,
      admin: {
        description:
          'Let anyone subscribe to the calendar feeds (.ics) of your published performances without an API key: calendar apps cannot send one. Off: the feeds need a read key.',
      },
    },
  ],
}
