import type { CollectionConfig, UIField } from 'payload'

import { previewCollections } from '../defaults'

/** The "Share preview link" button in the sidebar of an event's and a page's edit view. */
const shareField: UIField = {
  name: 'sharePreview',
  type: 'ui',
  admin: {
    position: 'sidebar',
    components: { Field: '/components/SharePreviewLink#SharePreviewLink' },
  },
}

/** The collections whose drafts can be shared, each with the button first in its sidebar. */
export const withShareButton = (collections: readonly CollectionConfig[]): CollectionConfig[] =>
  collections.map((collection) =>
    (previewCollections as readonly string[]).includes(collection.slug)
      ? { ...collection, fields: [shareField, ...collection.fields] }
      : collection,
  )
