import type { CollectionConfig, Field } from 'payload'

import { contentAccess } from '../access/content'
import { slugSetFields } from '../fields/slugSet'
import { deriveUrl } from '../hooks/deriveUrl'
import { namedHooks } from '../lib/hookNames'

/**
 * The record kinds that are a title, the spec's "slug set" and a few fields of their own:
 * organisations, works, venues, seasons, people, series, blogs.
 */
export const slugSetCollection = ({
  slug,
  singular,
  plural,
  group,
  urlPrefix,
  lastUsedThemeKey = true,
  description,
  fields = [],
  custom,
}: {
  slug: string
  singular: string
  plural: string
  group: string
  /** Public path prefix; `undefined` for kinds without a url (series). */
  urlPrefix: string | undefined
  lastUsedThemeKey?: boolean
  description?: string
  fields?: Field[]
  /** The collection's facts for tenancy, redirects, attributes and the partner API. */
  custom: CollectionConfig['custom']
}): CollectionConfig => ({
  slug,
  custom,
  labels: { singular, plural },
  admin: {
    useAsTitle: 'title',
    group,
    defaultColumns: ['title', 'image', 'slug', 'updatedAt'],
    ...(description ? { description } : {}),
  },
  access: contentAccess,
  indexes: [{ fields: ['slug', 'tenant'], unique: true }],
  hooks: {
    beforeChange: urlPrefix ? namedHooks({ deriveUrl: deriveUrl({ prefix: urlPrefix }) }) : [],
  },
  fields: [
    ...slugSetFields({ collection: slug, url: urlPrefix !== undefined, lastUsedThemeKey }),
    ...fields,
  ],
})
