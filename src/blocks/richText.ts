import type { Block } from 'payload'

import { richTextField } from '../fields/richText'

/** A passage of the house rich text. */
export const RichTextBlock: Block = {
  slug: 'richText',
  interfaceName: 'RichTextBlock',
  labels: { singular: 'Rich text', plural: 'Rich text' },
  fields: [richTextField({ name: 'content', required: true })],
}
