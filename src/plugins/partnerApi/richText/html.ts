import {
  BlockquoteHTMLConverter,
  HeadingHTMLConverter,
  HorizontalRuleHTMLConverter,
  LinebreakHTMLConverter,
  LinkHTMLConverter,
  ListHTMLConverter,
  ParagraphHTMLConverter,
  TextHTMLConverter,
  convertLexicalToHTML,
  type HTMLConverters,
} from '@payloadcms/richtext-lexical/html'
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'

import { cleanRichText } from '../../../fields/richTextClean'
import { escapeHtml } from '../../../lib/escapeHtml'

/** What a picture in rich text shows: its file as the media record answers it. */
export type Picture = { url: string; alt: string; width?: number | null; height?: number | null }

/** The records rich text names, as found in the tenant: `collection:id` → what to show. */
export type Targets = { links: Map<string, string | null>; pictures: Map<string, Picture> }

type LinkNode = {
  fields?: { doc?: { relationTo?: string; value?: unknown } | null }
  children?: unknown[]
}
type UploadNode = { relationTo?: string; value?: unknown; fields?: { caption?: unknown } }

const idOf = (value: unknown): string =>
  typeof value === 'object' && value !== null
    ? String((value as { id?: unknown }).id)
    : String(value)

/**
 * Rich text as HTML: only the editor's own nodes, text escaped, URLs limited to http(s),
 * mailto, tel and relative ones by Payload's converters, internal links to the record's `url`
 * now (so a changed slug is followed), pictures to their files with alt text and caption.
 * A link to a record that is gone, or has no page, keeps its text and loses its anchor; a
 * picture that is gone disappears. Any other node renders as nothing.
 */
export const richTextHtml = ({
  value,
  targets,
}: {
  value: unknown
  targets: Targets
}): string | null => {
  const clean = cleanRichText(value)
  if (!clean) return null
  const link = LinkHTMLConverter({
    internalDocToHref: ({ linkNode }) => {
      const doc = (linkNode as LinkNode).fields?.doc
      return targets.links.get(`${doc?.relationTo}:${idOf(doc?.value)}`) ?? ''
    },
  })
  const converters: HTMLConverters = {
    ...ParagraphHTMLConverter,
    ...TextHTMLConverter,
    ...LinebreakHTMLConverter,
    ...HeadingHTMLConverter,
    ...ListHTMLConverter,
    ...BlockquoteHTMLConverter,
    ...HorizontalRuleHTMLConverter,
    autolink: link.autolink,
    link: (args) => {
      const fields = args.node.fields as LinkNode['fields'] & { linkType?: string }
      const doc = fields?.doc
      const internal = fields?.linkType === 'internal'
      if (internal && !targets.links.get(`${doc?.relationTo}:${idOf(doc?.value)}`))
        return args.nodesToHTML({ nodes: args.node.children }).join('')
      const render = link.link
      return typeof render === 'function' ? render(args) : ''
    },
    upload: ({ node }) => {
      const upload: UploadNode = node
      const picture = targets.pictures.get(`${upload.relationTo}:${idOf(upload.value)}`)
      if (!picture) return ''
      const size = (name: string, n: number | null | undefined) =>
        typeof n === 'number' ? ` ${name}="${n}"` : ''
      const caption =
        typeof upload.fields?.caption === 'string' && upload.fields.caption
          ? `<figcaption>${escapeHtml(upload.fields.caption)}</figcaption>`
          : ''
      return `<figure><img src="${escapeHtml(picture.url)}" alt="${escapeHtml(picture.alt)}"${size('width', picture.width)}${size('height', picture.height)} loading="lazy">${caption}</figure>`
    },
    unknown: () => '',
  }
  return convertLexicalToHTML({
    // Cast kept: every node passed the editor's rules in cleanRichText; TS cannot see Lexical's type in them.
    data: clean as unknown as SerializedEditorState,
    converters,
    disableContainer: true,
  })
}
