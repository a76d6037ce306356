import { convertMarkdownToLexical, editorConfigFactory } from '@payloadcms/richtext-lexical'
import type { Payload, RichTextField } from 'payload'

import { markdownMaxLength, markdownName, type Kind } from '../kinds/model'
import { validationFailed } from '../problems'

/**
 * A body's Markdown, made into the rich text it stands for before the body is checked: the
 * editor's own converter, with the field's own features, so what comes out is what an editor
 * could have written (anything else stays text) and is checked like any rich text after.
 * Anything that is not a string is left for the schema to refuse.
 */
export const fromMarkdown = ({
  payload,
  kind,
  body,
}: {
  payload: Payload
  kind: Kind
  body: Record<string, unknown>
}): Record<string, unknown> => {
  const names = kind.richText.filter((name) => typeof body[markdownName(name)] === 'string')
  if (names.length === 0) return body
  const both = names.filter((name) => body[name] !== undefined)
  if (both.length > 0)
    validationFailed(
      both.map((name) => ({
        field: markdownName(name),
        message: `Send ${name} or ${markdownName(name)}, not both.`,
      })),
    )
  const collection = payload.collections[kind.collection as 'events']?.config
  const out = { ...body }
  for (const name of names) {
    const markdown = out[markdownName(name)] as string
    // Too long is the schema's to say, before any conversion work.
    if (markdown.length > markdownMaxLength) continue
    const field = collection?.flattenedFields.find(
      (f): f is RichTextField & { name: string } => f.type === 'richText' && f.name === name,
    )
    if (!field) continue
    delete out[markdownName(name)]
    out[name] = convertMarkdownToLexical({
      editorConfig: editorConfigFactory.fromField({ field }),
      markdown,
    })
  }
  return out
}
