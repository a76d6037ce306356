import { richTextText } from '../../fields/richTextText'

/**
 * Search engines cut a description at about this many characters; the SEO plugin's length
 * indicator calls anything longer "too long".
 */
export const seoDescriptionMax = 150

export type SeoDefaults = { title: string | null; description: string | null; image: unknown }

type Doc = Record<string, unknown>

const idOf = (value: unknown): unknown =>
  value && typeof value === 'object' && 'id' in value ? (value as { id: unknown }).id : value

/** The first passage of rich text a page's blocks hold. */
const layoutText = (layout: unknown): string => {
  if (!Array.isArray(layout)) return ''
  for (const block of layout) {
    const row = block as { blockType?: unknown; content?: unknown } | null
    if (row?.blockType !== 'richText') continue
    const text = richTextText(row.content)
    if (text.trim()) return text
  }
  return ''
}

/** The words a record is summed up by: its excerpt, else the start of its text. */
const summaryOf = (doc: Doc): string => {
  if (typeof doc.excerpt === 'string' && doc.excerpt.trim()) return doc.excerpt
  for (const name of ['description', 'body']) {
    const text = richTextText(doc[name])
    if (text.trim()) return text
  }
  return layoutText(doc.layout)
}

/** Cut at a word boundary under the limit, with an ellipsis when anything was cut. */
export const clip = ({ text, max }: { text: string; max: number }): string => {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`
}

/**
 * What a record's SEO fields say when an editor has not written them: its title, the start of
 * its text, its picture (a page's first media block when it has none of its own).
 */
export const seoDefaults = (doc: Doc): SeoDefaults => {
  const title = typeof doc.title === 'string' && doc.title.trim() ? doc.title.trim() : null
  const summary = summaryOf(doc)
  const firstMedia = Array.isArray(doc.layout)
    ? (doc.layout as Array<{ blockType?: unknown; image?: unknown } | null>).find(
        (block) => block?.blockType === 'media' && block.image,
      )?.image
    : undefined
  return {
    title,
    description: summary.trim() ? clip({ text: summary, max: seoDescriptionMax }) : null,
    image: idOf(doc.image ?? firstMedia) ?? null,
  }
}

export { idOf as referenceId }
