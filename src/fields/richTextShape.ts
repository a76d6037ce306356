import { isSafeLinkUrl } from '../lib/safeLinkUrl'

/** How deep blocks, lists and links may nest, and how many nodes one value may hold. */
export const richTextLimits = { depth: 32, nodes: 20_000 }

type Node = Record<string, unknown>

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * What is wrong with the shape of a Lexical value, before the editor checks its nodes: every
 * node an object with a `type`, text as text, children as a list, nesting and size bounded,
 * and no link to a target that runs script (whoever renders the JSON, not only our HTML).
 * The walk keeps its own stack, so a hostile depth is an answer, not a stack overflow.
 */
export const richTextShapeProblem = (value: unknown): string | undefined => {
  if (value === null || value === undefined) return undefined
  if (!isNode(value) || !isNode(value.root) || value.root.type !== 'root')
    return 'Rich text must be a Lexical editor state: an object whose "root" is a node of type "root".'
  const stack: { node: unknown; depth: number }[] = [{ node: value.root, depth: 0 }]
  let seen = 0
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!
    if (++seen > richTextLimits.nodes)
      return `Rich text may hold at most ${richTextLimits.nodes} nodes.`
    if (depth > richTextLimits.depth)
      return `Rich text may nest at most ${richTextLimits.depth} levels deep.`
    if (!isNode(node) || typeof node.type !== 'string')
      return 'Every rich text node must be an object with a "type".'
    if (node.type === 'text' && typeof node.text !== 'string')
      return 'A text node\'s "text" must be a string.'
    if ('format' in node && !['string', 'number'].includes(typeof node.format))
      return 'A node\'s "format" must be a string or a number.'
    const url = isNode(node.fields) ? node.fields.url : undefined
    if (
      (node.type === 'link' || node.type === 'autolink') &&
      typeof url === 'string' &&
      url &&
      !isSafeLinkUrl(url)
    )
      return 'A link must go to an http(s), mailto or tel address, or a path of the site.'
    if ('children' in node) {
      if (!Array.isArray(node.children)) return 'A node\'s "children" must be a list of nodes.'
      for (const child of node.children) stack.push({ node: child, depth: depth + 1 })
    }
  }
  return undefined
}
