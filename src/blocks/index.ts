import type { Block } from 'payload'

import { CallToActionBlock } from './callToAction'
import { EventListBlock } from './eventList'
import { GalleryBlock } from './gallery'
import { MediaBlock } from './media'
import { RichTextBlock } from './richText'
import { blockThumbnails } from './thumbnails'

/**
 * How a block shows in the admin: its picture in the block picker, and a row header naming it
 * by what it says (src/components/BlockRowLabel.tsx) instead of an "Untitled" block name.
 */
const inTheAdmin = (block: Block): Block => ({
  ...block,
  ...blockThumbnails[block.slug],
  admin: {
    ...block.admin,
    components: {
      ...block.admin?.components,
      Label: {
        path: '/components/BlockRowLabel#BlockRowLabel',
        clientProps: {
          kind: typeof block.labels?.singular === 'string' ? block.labels.singular : block.slug,
        },
      },
    },
  },
})

/**
 * What a page's layout is made of, in the order the admin offers them. Each block has an
 * `interfaceName` of its own: GraphQL names a block's type after its slug otherwise, and the
 * slug `media` is also a collection's.
 */
export const layoutBlocks = [
  RichTextBlock,
  MediaBlock,
  CallToActionBlock,
  EventListBlock,
  GalleryBlock,
].map(inTheAdmin)
