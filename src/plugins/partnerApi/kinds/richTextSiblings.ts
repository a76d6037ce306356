import type { JsonSchema } from '../../../lib/jsonSchema'

/** The HTML sibling of a rich text field in the partner shape, wherever the field stands. */
export const htmlName = (field: string): string => `${field}Html`

/** Read only: made by the server, never a column of the record (so never in a `select`). */
export const htmlSchema = (field: string): JsonSchema => ({
  type: ['string', 'null'],
  readOnly: true,
  description: `\`${field}\` as HTML, rendered by the server: internal links to the linked record's current \`url\`, images to their files with alt text and caption, nothing that runs script. Null when \`${field}\` is.`,
})

/** The Markdown sibling of a rich text field in a write body, wherever the field stands. */
export const markdownName = (field: string): string => `${field}Markdown`

/** Markdown a body may hold per field; its conversion also has a time budget (`richText/markdownDefaults.ts`). */
export const markdownMaxLength = 100_000

/** Rich text fields one body may give as Markdown (a page's blocks included): each is a trip to the converter. */
export const markdownMaxFields = 60

export const markdownSchema = (field: string): JsonSchema => ({
  type: 'string',
  maxLength: markdownMaxLength,
  description: `\`${field}\` written as Markdown instead (## to #### headings, **bold**, *italic*, lists, > quotes, [links](https://…), --- rules), converted to the editor's JSON on write. Send \`${field}\` or this, not both.`,
})
