import {
  isRichTextNode,
  richTextNodeProblem,
  richTextNodes,
  type RichTextNode,
} from './richTextNodes'
import { richTextLimits } from './richTextShape'

/**
 * A stored value as the editor could have written it, for rendering: nodes that break the
 * editor's rules (rows written before a rule, or by hand in SQL) are left out with what they
 * hold, within the same bounds as a write. Payload's converters throw and log on every node
 * they cannot take, so they only ever see this copy. Null when nothing renderable is left.
 */
export const cleanRichText = (value: unknown): { root: RichTextNode } | null => {
  if (!isRichTextNode(value) || richTextNodeProblem({ node: value.root, parentType: undefined }))
    return null
  const root = { ...(value.root as RichTextNode), children: [] as RichTextNode[] }
  const stack: { from: RichTextNode; into: RichTextNode[]; depth: number }[] = [
    { from: value.root as RichTextNode, into: root.children, depth: 0 },
  ]
  let kept = 1
  while (stack.length > 0) {
    const { from, into, depth } = stack.pop()!
    if (depth >= richTextLimits.depth) continue
    for (const child of from.children as unknown[]) {
      if (kept >= richTextLimits.nodes) break
      if (richTextNodeProblem({ node: child, parentType: from.type as string })) continue
      const node = child as RichTextNode
      kept++
      if (richTextNodes[node.type as string]?.children) {
        const copy = { ...node, children: [] as RichTextNode[] }
        into.push(copy)
        stack.push({ from: node, into: copy.children, depth: depth + 1 })
      } else into.push(node)
    }
  }
  return { root }
}
