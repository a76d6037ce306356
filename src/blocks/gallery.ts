import type { Block } from 'payload'

import { imageField } from '../fields/image'

/** Pictures shown together, each with its caption. */
export const GalleryBlock: Block = {
  slug: 'gallery',
  interfaceName: 'GalleryBlock',
  labels: { singular: 'Gallery', plural: 'Galleries' },
  fields: [
    {
      name: 'images',
      type: 'array',
      required: true,
      minRows: 1,
      maxRows: 40,
      fields: [imageField({ required: true }), { name: 'caption', type: 'text', maxLength: 500 }],
    },
  ],
}
