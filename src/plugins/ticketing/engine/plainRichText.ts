/** A Lexical editor state of plain text: one paragraph per block of lines. */
export const plainRichText = (value: string): Record<string, unknown> | null => {
  const blocks = value
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
  if (blocks.length === 0) return null
  const node = (type: string, children: unknown[], more: Record<string, unknown> = {}) => ({
    type,
    children,
    direction: 'ltr',
    format: '',
    indent: 0,
    version: 1,
    ...more,
  })
  return {
    root: node(
      'root',
      blocks.map((block) =>
        node(
          'paragraph',
          [
            {
              type: 'text',
              text: block.replace(/\n/g, ' '),
              format: 0,
              detail: 0,
              mode: 'normal',
              style: '',
              version: 1,
            },
          ],
          { textFormat: 0, textStyle: '' },
        ),
      ),
    ),
  }
}

/** Whether a rich text value holds no text at all (an editor has not written one). */
export const isEmptyRichText = (value: unknown): boolean => {
  const hasText = (node: unknown): boolean => {
    if (!node || typeof node !== 'object') return false
    const n = node as { text?: unknown; children?: unknown[]; type?: unknown }
    if (typeof n.text === 'string' && n.text.trim() !== '') return true
    if (n.type !== undefined && n.type !== 'root' && n.type !== 'paragraph' && n.type !== 'text')
      return true
    return Array.isArray(n.children) && n.children.some(hasText)
  }
  return !hasText((value as { root?: unknown } | null | undefined)?.root)
}
