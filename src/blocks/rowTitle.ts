import { richTextText } from '../fields/richTextText'

const longest = 80

const clipped = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > longest ? `${flat.slice(0, longest - 1).trimEnd()}…` : flat
}

const text = (value: unknown): string => (typeof value === 'string' ? clipped(value) : '')

/**
 * What names a layout block's row in the admin: its heading, label or caption, the first words
 * of its text, or how many pictures it holds. Empty when it has none of these yet.
 */
export const rowTitle = (row: Record<string, unknown> | undefined): string => {
  if (!row) return ''
  for (const name of ['heading', 'title', 'label', 'caption'])
    if (text(row[name])) return text(row[name])
  if (row.content) return clipped(richTextText(row.content))
  if (Array.isArray(row.images) && row.images.length > 0) {
    const first = row.images[0] as { caption?: unknown } | null
    const count = `${row.images.length} picture${row.images.length === 1 ? '' : 's'}`
    return text(first?.caption) ? `${count}: ${text(first?.caption)}` : count
  }
  return ''
}
