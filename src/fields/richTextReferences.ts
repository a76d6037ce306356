import { relationId, type RelationValue } from '../lib/relationId'

/** A record that rich text points at: an internal link's target or an inline upload. */
export type RichTextReference = { collection: string; id: string; node: 'link' | 'upload' }

type Node = {
  type?: unknown
  children?: unknown
  relationTo?: unknown
  value?: unknown
  fields?: { linkType?: unknown; doc?: { relationTo?: unknown; value?: unknown } | null }
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Every record a Lexical document points at. The walk keeps its own stack: a body nested
 * thousands of levels deep is walked, not a stack overflow.
 */
export const richTextReferences = (value: unknown): RichTextReference[] => {
  const found: RichTextReference[] = []
  const root = isNode(value) ? (value as { root?: unknown }).root : undefined
  const stack: unknown[] = [root]
  while (stack.length > 0) {
    const node = stack.pop()
    if (!isNode(node)) continue
    if (node.type === 'upload' || node.type === 'relationship') {
      const id = relationId(node.value as RelationValue)
      if (typeof node.relationTo === 'string' && id)
        found.push({ collection: node.relationTo, id, node: 'upload' })
    }
    const doc = node.fields?.doc
    // A link's doc is checked whatever its type says: a custom link carrying one is refused
    // like an internal link, not stored unchecked.
    if (
      (node.type === 'link' || node.type === 'autolink') &&
      (node.fields?.linkType === 'internal' || doc)
    ) {
      const id = relationId(doc?.value as RelationValue)
      if (typeof doc?.relationTo === 'string' && id)
        found.push({ collection: doc.relationTo, id, node: 'link' })
    }
    if (Array.isArray(node.children)) for (const child of node.children) stack.push(child)
  }
  return found
}
