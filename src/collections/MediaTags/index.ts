import type { CollectionConfig } from 'payload'

import { contentAccess } from '../../access/content'
import { slugFields } from '../../fields/slug'

export const MediaTags: CollectionConfig = {
  slug: 'media-tags',
  custom: { tenantOwned: true },
  labels: { singular: 'Media tag', plural: 'Media tags' },
  admin: { useAsTitle: 'title', group: 'Media', defaultColumns: ['title', 'slug'] },
  access: contentAccess,
  indexes: [{ fields: ['slug', 'tenant'], unique: true }],
  fields: [
    { name: 'title', type: 'text', required: true },
    ...slugFields({ collection: 'media-tags' }),
  ],
}
