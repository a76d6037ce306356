import type { JsonSchema } from '../../../lib/jsonSchema'

/** The block nodes the house editor (`src/fields/richText.ts`) puts under the root. */
const blockNodes = ['paragraph', 'heading', 'list', 'quote', 'horizontalrule', 'upload']

/**
 * A rich text value: a Lexical editor state. The server checks every node against the editor's
 * features on write (an unknown node is a 400), and every record it names against the tenant.
 */
export const richTextSchema: JsonSchema = {
  type: 'object',
  description:
    'Rich text as a Lexical editor state. `root.children` holds block nodes (paragraph, heading h2–h4, list, quote, horizontalrule, upload); blocks hold inline nodes (text, link, linebreak) or list items. An internal link (`link` with `fields.linkType` "internal") names `fields.doc` `{ relationTo, value }` and an `upload` names `relationTo` "media" and `value`: records of the same tenant, by id.',
  required: ['root'],
  properties: {
    root: {
      type: 'object',
      required: ['type', 'children'],
      properties: {
        type: { type: 'string', enum: ['root'] },
        children: {
          type: 'array',
          items: {
            type: 'object',
            required: ['type'],
            properties: { type: { type: 'string', enum: blockNodes } },
          },
        },
        direction: { type: ['string', 'null'] },
        format: { type: 'string' },
        indent: { type: 'integer' },
        version: { type: 'integer' },
      },
    },
  },
}
