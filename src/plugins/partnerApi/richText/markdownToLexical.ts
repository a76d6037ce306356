import type {
  Blockquote,
  Definition,
  List,
  ListItem,
  PhrasingContent,
  Root,
  RootContent,
} from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'

import { richTextLimits } from '../../../fields/richTextShape'
import { isSafeLinkUrl } from '../../../lib/safeLinkUrl'

type LexicalNode = Record<string, unknown>

/** Markdown that cannot become rich text, with the reason for the partner. */
export class MarkdownProblem extends Error {}

const bold = 1
const italic = 2

const element = (type: string, children: LexicalNode[], extra: LexicalNode = {}): LexicalNode => ({
  type,
  children,
  direction: null,
  format: '',
  indent: 0,
  version: 1,
  ...extra,
})

const text = (value: string, format: number): LexicalNode => ({
  type: 'text',
  detail: 0,
  format,
  mode: 'normal',
  style: '',
  text: value,
  version: 1,
})

const linebreak = (): LexicalNode => ({ type: 'linebreak', version: 1 })

type Walk = { depth: number; definitions: Map<string, Definition> }

const deeper = ({ depth, definitions }: Walk): Walk => {
  if (depth + 1 > richTextLimits.depth)
    throw new MarkdownProblem(`Markdown may nest at most ${richTextLimits.depth} levels deep.`)
  return { depth: depth + 1, definitions }
}

/** A link the editor could hold, or its words alone when its target is not one. */
const link = (url: string, children: LexicalNode[]): LexicalNode[] =>
  url && isSafeLinkUrl(url)
    ? [
        element('link', children, {
          fields: { linkType: 'custom', url, newTab: false },
          version: 3,
        }),
      ]
    : children

const inline = ({
  nodes,
  format,
  inLink,
  walk,
}: {
  nodes: PhrasingContent[]
  format: number
  inLink: boolean
  walk: Walk
}): LexicalNode[] =>
  nodes.flatMap((node): LexicalNode[] => {
    const within = (more: number, children: PhrasingContent[], linked = inLink) =>
      inline({ nodes: children, format: format | more, inLink: linked, walk: deeper(walk) })
    switch (node.type) {
      case 'text':
      case 'inlineCode':
      case 'html':
        return node.value ? [text(node.value, format)] : []
      case 'strong':
        return within(bold, node.children)
      case 'emphasis':
        return within(italic, node.children)
      case 'break':
        return [linebreak()]
      case 'link':
        return inLink ? within(0, node.children) : link(node.url, within(0, node.children, true))
      case 'linkReference': {
        const target = walk.definitions.get(node.identifier)
        const words = within(0, node.children, true)
        return target && !inLink ? link(target.url, words) : words
      }
      // A picture in rich text is one of the tenant's media, which a web address is not.
      default:
        return []
    }
  })

/** A block's words, for containers that hold words only (quotes and list items). */
const wordsOf = ({ nodes, walk }: { nodes: RootContent[]; walk: Walk }): LexicalNode[] => {
  const parts = nodes.map((node): LexicalNode[] => {
    switch (node.type) {
      case 'paragraph':
      case 'heading':
        return inline({ nodes: node.children, format: 0, inLink: false, walk: deeper(walk) })
      case 'blockquote':
      case 'list':
      case 'listItem':
        return wordsOf({ nodes: node.children as RootContent[], walk: deeper(walk) })
      case 'code':
      case 'html':
        return node.value
          .split('\n')
          .flatMap((line, i) => [...(i > 0 ? [linebreak()] : []), ...(line ? [text(line, 0)] : [])])
      default:
        return []
    }
  })
  return parts
    .filter((part) => part.length > 0)
    .flatMap((part, i) => (i > 0 ? [linebreak(), ...part] : part))
}

const list = ({ node, walk }: { node: List; walk: Walk }): LexicalNode => {
  const inner = deeper(walk)
  const items = node.children.flatMap((item: ListItem, i): LexicalNode[] => {
    const words = item.children.filter((child) => child.type !== 'list')
    const nested = item.children.filter((child): child is List => child.type === 'list')
    // Lexical keeps a nested list in an item of its own, after the item it belongs to.
    return [
      element('listitem', wordsOf({ nodes: words, walk: inner }), { value: i + 1 }),
      ...nested.map((sub) =>
        element('listitem', [list({ node: sub, walk: deeper(inner) })], { value: i + 1 }),
      ),
    ]
  })
  return element('list', items, {
    listType: node.ordered ? 'number' : 'bullet',
    tag: node.ordered ? 'ol' : 'ul',
    start: node.start ?? 1,
  })
}

const quote = ({ node, walk }: { node: Blockquote; walk: Walk }): LexicalNode =>
  element('quote', wordsOf({ nodes: node.children, walk: deeper(walk) }))

const blocks = ({ nodes, walk }: { nodes: RootContent[]; walk: Walk }): LexicalNode[] =>
  nodes.flatMap((node): LexicalNode[] => {
    switch (node.type) {
      case 'paragraph': {
        const children = inline({ nodes: node.children, format: 0, inLink: false, walk })
        return children.length > 0
          ? [element('paragraph', children, { textFormat: 0, textStyle: '' })]
          : []
      }
      case 'heading': {
        // The editor has h2 to h4: a title is the record's own, so # is a section too.
        const level = Math.min(4, Math.max(2, node.depth))
        return [
          element('heading', inline({ nodes: node.children, format: 0, inLink: false, walk }), {
            tag: `h${level}`,
          }),
        ]
      }
      case 'thematicBreak':
        return [{ type: 'horizontalrule', version: 1 }]
      case 'blockquote':
        return [quote({ node, walk })]
      case 'list':
        return [list({ node, walk })]
      case 'code':
      case 'html':
        return [
          element('paragraph', wordsOf({ nodes: [node], walk }), { textFormat: 0, textStyle: '' }),
        ]
      default:
        return []
    }
  })

/**
 * Markdown as the house editor's JSON: CommonMark's headings, emphasis, lists, quotes, links
 * and rules become the nodes an editor would have written; what the editor cannot hold
 * (pictures by address, code, raw HTML) stays words or goes, and a link that would run script
 * keeps its words only. Runs in the converter's worker (`markdownWorker.ts`): the parser's
 * cost is not linear in hostile input.
 */
export const markdownToLexical = (markdown: string): { root: LexicalNode } => {
  const tree: Root = fromMarkdown(markdown)
  const definitions = new Map<string, Definition>()
  for (const node of tree.children)
    if (node.type === 'definition' && !definitions.has(node.identifier))
      definitions.set(node.identifier, node)
  const children = blocks({ nodes: tree.children, walk: { depth: 1, definitions } })
  return { root: element('root', children) }
}
