import type { Block } from 'payload'

import { imageField } from '../fields/image'

/** One picture from the tenant's media, with a caption. */
export const MediaBlock: Block = {
  slug: 'media',
  interfaceName: 'MediaBlock',
  labels: { singular: 'Media', plural: 'Media' },
  fields: [imageField({ required: true }), { name: 'caption', type: 'text', maxLength: 500 }],
}
