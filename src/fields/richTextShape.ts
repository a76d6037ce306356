import { isRichTextNode, richTextNodeProblem, richTextNodes } from './richTextNodes'

/** How deep blocks, lists and links may nest, and how many nodes one value may hold. */
export const richTextLimits = { depth: 32, nodes: 20_000 }

/**
 * What is wrong with a Lexical value, before the editor checks its nodes: only the editor's
 * own nodes, each where it may stand and with the fields its type needs (text as text, a
 * link's url a string that runs no script, whoever renders the JSON), nesting and size
 * bounded. The walk keeps its own stack, so a hostile depth is an answer, not a stack overflow.
 */
export const richTextShapeProblem = (value: unknown): string | undefined => {
  if (value === null || value === undefined) return undefined
  if (!isRichTextNode(value) || !isRichTextNode(value.root) || value.root.type !== 'root')
    return 'Rich text must be a Lexical editor state: an object whose "root" is a node of type "root".'
  const stack: { node: unknown; parentType: string | undefined; depth: number }[] = [
    { node: value.root, parentType: undefined, depth: 0 },
  ]
  let seen = 0
  while (stack.length > 0) {
    const { node, parentType, depth } = stack.pop()!
    if (++seen > richTextLimits.nodes)
      return `Rich text may hold at most ${richTextLimits.nodes} nodes.`
    if (depth > richTextLimits.depth)
      return `Rich text may nest at most ${richTextLimits.depth} levels deep.`
    const problem = richTextNodeProblem({ node, parentType })
    if (problem) return problem
    const { type, children } = node as { type: string; children?: unknown[] }
    if (richTextNodes[type]?.children)
      for (const child of children ?? [])
        stack.push({ node: child, parentType: type, depth: depth + 1 })
  }
  return undefined
}
