import type { CollectionConfig } from 'payload'

import { contentAccess } from '../../access/content'
import { slugFields } from '../../fields/slug'
import type { CollectionFacts } from '../facts'

export const MediaTags: CollectionConfig = {
  slug: 'media-tags',
  custom: { tenantOwned: true } satisfies CollectionFacts,
  labels: { singular: 'Media tag', plural: 'Media tags' },
  admin: { useAsTitle: 'title', group: 'Media', defaultColumns: ['title', 'slug'] },
  access: contentAccess,
  indexes: [{ fields: ['slug', 'tenant'], unique: true }],
  fields: [
    { name: 'title', type: 'text', required: true },
    ...slugFields({ collection: 'media-tags' }),
  ],
}
