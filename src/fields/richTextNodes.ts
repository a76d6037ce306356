import { isSafeLinkUrl, unsafeLinkMessage } from '../lib/safeLinkUrl'
import { isUuid } from '../lib/uuid'

export type RichTextNode = Record<string, unknown>

export const isRichTextNode = (value: unknown): value is RichTextNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const blocks = ['paragraph', 'heading', 'quote', 'list', 'horizontalrule', 'upload']
const inline = ['text', 'linebreak', 'tab', 'link', 'autolink']

type Rule = {
  /** The node types it may hold; none means it is a leaf. */
  children?: string[]
  /** What else it must carry, or undefined when it does. */
  check?: (node: RichTextNode) => string | undefined
}

/**
 * A reference to a record: its id, and nothing else. An object in its place would be kept as
 * written and read by whoever renders the JSON as the record itself (its url, its name).
 */
const isRecordRef = (value: unknown): boolean => isUuid(value)

const linkProblem = (node: RichTextNode): string | undefined => {
  const fields = node.fields
  if (!isRichTextNode(fields)) return 'A link must carry "fields".'
  const { url, linkType, doc } = fields
  if (url !== undefined && url !== null && typeof url !== 'string')
    return 'A link\'s "url" must be a string.'
  if (typeof url === 'string' && url && !isSafeLinkUrl(url)) return unsafeLinkMessage
  if (linkType === 'internal' || (doc !== undefined && doc !== null)) {
    if (!isRichTextNode(doc) || typeof doc.relationTo !== 'string' || !isRecordRef(doc.value))
      return 'An internal link\'s "doc" must name a record by its id: { relationTo, value: "<id>" }.'
  }
  return undefined
}

/**
 * The nodes the house editor (`richText.ts`) writes, where each may stand and what it must
 * carry. Anything else (raw HTML, embeds, another editor's blocks) is not rich text here: it
 * is refused on write and dropped before rendering, so no converter meets a node it cannot
 * take.
 */
export const richTextNodes: Record<string, Rule> = {
  root: { children: blocks },
  paragraph: { children: inline },
  heading: {
    children: inline,
    check: (node) =>
      ['h2', 'h3', 'h4'].includes(node.tag as string)
        ? undefined
        : 'A heading\'s "tag" must be h2, h3 or h4.',
  },
  quote: { children: inline },
  list: {
    children: ['listitem'],
    check: (node) =>
      (node.listType === 'bullet' && node.tag === 'ul') ||
      (node.listType === 'number' && node.tag === 'ol')
        ? undefined
        : 'A list must be "bullet" (tag "ul") or "number" (tag "ol").',
  },
  listitem: { children: [...inline, 'list'] },
  link: { children: ['text', 'linebreak', 'tab'], check: linkProblem },
  autolink: { children: ['text', 'linebreak', 'tab'], check: linkProblem },
  text: {
    check: (node) =>
      typeof node.text === 'string' ? undefined : 'A text\'s "text" must be a string.',
  },
  tab: {},
  linebreak: {},
  horizontalrule: {},
  upload: {
    check: (node) =>
      node.relationTo === 'media' && isRecordRef(node.value)
        ? undefined
        : 'A picture must name a record of "media" by id: { relationTo: "media", value }.',
  },
}

/**
 * What is wrong with one node where it stands, its children aside: a type the editor writes,
 * allowed under its parent, with the fields that type needs.
 */
export const richTextNodeProblem = ({
  node,
  parentType,
}: {
  node: unknown
  parentType: string | undefined
}): string | undefined => {
  if (!isRichTextNode(node) || typeof node.type !== 'string')
    return 'Every rich text node must be an object with a "type".'
  const rule = richTextNodes[node.type]
  if (!rule) return `"${node.type}" is not a node of this editor.`
  if (parentType === undefined) {
    if (node.type !== 'root') return 'The editor state\'s "root" must be of type "root".'
  } else if (!richTextNodes[parentType]?.children?.includes(node.type))
    return `A "${node.type}" cannot stand inside a "${parentType}".`
  if ('format' in node && !['string', 'number'].includes(typeof node.format))
    return 'A node\'s "format" must be a string or a number.'
  return presentationProblem(node) ?? childrenProblem({ node, rule })
}

/**
 * What the editor's nodes carry about their look, kept to what this editor makes: no inline
 * CSS (the admin applies a text's style as it is: a partner could lay anything over the
 * editor's screen), indents and directions of their own kind.
 */
const presentationProblem = (node: RichTextNode): string | undefined => {
  for (const name of ['style', 'textStyle'])
    if (name in node && node[name] !== '' && node[name] !== null)
      return `"${name}" must be empty: this editor has no text styles.`
  if (
    'indent' in node &&
    !(
      Number.isInteger(node.indent) &&
      (node.indent as number) >= 0 &&
      (node.indent as number) <= 20
    )
  )
    return 'A node\'s "indent" must be a whole number from 0 to 20.'
  if ('direction' in node && ![null, 'ltr', 'rtl'].includes(node.direction as string | null))
    return 'A node\'s "direction" must be "ltr", "rtl" or null.'
  return undefined
}

const childrenProblem = ({
  node,
  rule,
}: {
  node: RichTextNode
  rule: Rule
}): string | undefined => {
  if (rule.children && !Array.isArray(node.children))
    return `A "${node.type}" must hold its "children" as a list of nodes.`
  return rule.check?.(node)
}
