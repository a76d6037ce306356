import { CallToActionBlock } from './callToAction'
import { EventListBlock } from './eventList'
import { GalleryBlock } from './gallery'
import { MediaBlock } from './media'
import { RichTextBlock } from './richText'

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
]
