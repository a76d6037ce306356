import {
  BlockquoteFeature,
  BoldFeature,
  FixedToolbarFeature,
  HeadingFeature,
  HorizontalRuleFeature,
  InlineToolbarFeature,
  ItalicFeature,
  LinkFeature,
  OrderedListFeature,
  ParagraphFeature,
  UnderlineFeature,
  UnorderedListFeature,
  UploadFeature,
  lexicalEditor,
} from '@payloadcms/richtext-lexical'
import type { CollectionConfig, CollectionSlug, RichTextField } from 'payload'
import { richText as editorValidation } from 'payload/shared'

import { collectionsDeclaring } from '../collections/facts'
import { richTextShapeProblem } from './richTextShape'

/** Records a link inside rich text may point at: the collections that declare `linkable`. */
export const linkableCollections = (collections: readonly CollectionConfig[]): CollectionSlug[] =>
  collectionsDeclaring({ collections, fact: 'linkable' })

const features = (linkable: CollectionSlug[]) => [
  ParagraphFeature(),
  HeadingFeature({ enabledHeadingSizes: ['h2', 'h3', 'h4'] }),
  BoldFeature(),
  ItalicFeature(),
  UnderlineFeature(),
  OrderedListFeature(),
  UnorderedListFeature(),
  BlockquoteFeature(),
  HorizontalRuleFeature(),
  LinkFeature({ enabledCollections: linkable, maxDepth: 0 }),
  UploadFeature({
    enabledCollections: ['media'],
    maxDepth: 0,
    collections: { media: { fields: [{ name: 'caption', type: 'text', maxLength: 500 }] } },
  }),
  FixedToolbarFeature(),
  InlineToolbarFeature(),
]

/**
 * What editors write with, and nothing more: headings, emphasis, lists, quotes, rules, links to
 * the web or to a record (kept by id, so a changed slug keeps working), and pictures from the
 * tenant's media with a caption. No raw HTML, no embeds, no code.
 * Links may point at the collections that declare `linkable`, read from the configuration the
 * editor is sanitised with.
 */
export const editor: ReturnType<typeof lexicalEditor> = (args) =>
  lexicalEditor({ features: () => features(linkableCollections(args.config.collections)) })(args)

/** A rich text field with the house editor; its shape is checked before the editor's nodes. */
export const richTextField = (
  overrides: Partial<RichTextField> & Pick<RichTextField, 'name'>,
): RichTextField =>
  ({
    type: 'richText',
    editor,
    validate: (value, options) => richTextShapeProblem(value) ?? editorValidation(value, options),
    ...overrides,
  }) as RichTextField
