import type { CollectionConfig } from 'payload'

import { contentAccess } from '../../access/content'
import type { CollectionFacts } from '../facts'

export const Folders: CollectionConfig = {
  slug: 'folders',
  custom: { tenantOwned: true } satisfies CollectionFacts,
  labels: { singular: 'Folder', plural: 'Folders' },
  admin: { useAsTitle: 'name', group: 'Media', defaultColumns: ['name', 'parent', 'updatedAt'] },
  access: contentAccess,
  fields: [
    { name: 'name', type: 'text', required: true },
    {
      name: 'parent',
      type: 'relationship',
      relationTo: 'folders',
      filterOptions: ({ id }) => (id ? { id: { not_equals: id } } : true),
    },
  ],
}
