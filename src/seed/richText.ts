/** Small builders of Lexical editor states: the demo content's, and the tests'. */
type Node = { type: string; version: number; [key: string]: unknown }

/** An element node as the generated rich text type asks for it; tests build broken ones too. */
type Element<Child = Node> = Node & {
  children: Child[]
  direction: 'ltr'
  format: ''
  indent: number
}

export const text = (value: string, format = 0): Node => ({
  type: 'text',
  text: value,
  format,
  detail: 0,
  mode: 'normal',
  style: '',
  version: 1,
})

export const element = <Child = Node>(
  type: string,
  children: Child[],
  more: Record<string, unknown> = {},
): Element<Child> => ({
  type,
  children,
  direction: 'ltr',
  format: '',
  indent: 0,
  version: 1,
  ...more,
})

/** Inline content: plain text, `**bold**` runs, or a link. */
export type Inline =
  string | { bold: string } | { link: string; to: { relationTo: string; value: string } }

const inline = (part: Inline): Node =>
  typeof part === 'string'
    ? text(part)
    : 'bold' in part
      ? text(part.bold, 1)
      : element('link', [text(part.link)], {
          fields: { linkType: 'internal', doc: part.to, newTab: false },
        })

export const paragraph = (...parts: Inline[]): Node =>
  element('paragraph', parts.map(inline), { textFormat: 0, textStyle: '' })

export const heading = (value: string): Node => element('heading', [text(value)], { tag: 'h2' })

export const bullets = (...items: string[]): Node =>
  element(
    'list',
    items.map((item, i) => element('listitem', [text(item)], { value: i + 1 })),
    { listType: 'bullet', tag: 'ul', start: 1 },
  )

export const picture = ({ media, caption }: { media: string; caption: string }): Node => ({
  type: 'upload',
  relationTo: 'media',
  value: media,
  fields: { caption },
  format: '',
  version: 3,
})

export const richText = (...blocks: Node[]): { root: Element } => ({
  root: element('root', blocks),
})
