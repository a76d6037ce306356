import type { Field, SanitizedConfig } from 'payload'

import { declaredKinds, type KindSpec } from './declared'
import { buildFieldModel, propertiesOf, type FieldModel, type JsonSchema } from './fieldSchema'

export type Kind = KindSpec &
  FieldModel & {
    /**
     * Top-level fields the server sets (timestamps, tenant, derived URLs, file facts): answered,
     * and ignored when a body sends them back. Derived once here for the validator and the
     * document alike.
     */
    serverSetFields: string[]
    /**
     * The columns a partner answer reads, for Payload's `select`: what `project` answers, and
     * `_status` (an update keeps a draft a draft). None for uploads, whose URLs and sizes
     * Payload derives from fields of its own.
     */
    select?: Record<string, true>
    /** Top-level rich text fields: each is answered beside its HTML (`richText/present.ts`). */
    richText: string[]
  }

/** Set by the server, answered but never taken from a body. */
const serverSetNames = new Set([
  'createdAt',
  'updatedAt',
  'tenant',
  'breadcrumbs',
  'url',
  'thumbnailURL',
  'filename',
  'mimeType',
  'filesize',
  'width',
  'height',
  'sizes',
])

const alwaysSetNames = new Set(['id', 'createdAt', 'updatedAt', 'tenant'])

const serverSet = (field: Field, path: string): boolean =>
  (!path.includes('.') && 'name' in field && serverSetNames.has(field.name)) ||
  Boolean(field.admin && 'readOnly' in field.admin && field.admin.readOnly)

const idField: Field = { name: 'id', type: 'text', admin: { description: 'Identifier (a UUID).' } }

const pickSchema = (schema: JsonSchema, names: readonly string[]): JsonSchema => {
  const properties = schema.properties as Record<string, JsonSchema>
  const kept = Object.fromEntries(
    names.filter((n) => n in properties).map((n) => [n, properties[n] as JsonSchema]),
  )
  return {
    ...schema,
    properties: kept,
    ...(Array.isArray(schema.required)
      ? { required: (schema.required as string[]).filter((n) => n in kept) }
      : {}),
  }
}

const selectOf = (kind: KindSpec & FieldModel): Record<string, true> | undefined =>
  kind.upload
    ? undefined
    : Object.fromEntries(
        [...Object.keys(propertiesOf(kind.read)), ...(kind.drafts ? ['_status'] : [])]
          .filter((name) => name !== 'id')
          .map((name) => [name, true as const]),
      )

/** The HTML sibling of a rich text field in the partner shape. */
export const htmlName = (field: string): string => `${field}Html`

const htmlSchema = (field: string): JsonSchema => ({
  type: ['string', 'null'],
  description: `\`${field}\` as HTML, rendered by the server: internal links to the linked record's current \`url\`, images to their files with alt text and caption, nothing that runs script. Null when \`${field}\` is.`,
})

/** The read shape with the HTML of each rich text field beside it. */
const withHtml = (read: JsonSchema, richText: string[]): JsonSchema => {
  if (richText.length === 0) return read
  const properties = { ...propertiesOf(read) }
  for (const name of richText) properties[htmlName(name)] = htmlSchema(name)
  return {
    ...read,
    properties,
    required: [...((read.required as string[]) ?? []), ...richText.map(htmlName)],
  }
}

/** The Markdown sibling of a rich text field in a write body. */
export const markdownName = (field: string): string => `${field}Markdown`

/** Markdown a body may hold per field; its conversion also has a time budget (`richText/markdownDefaults.ts`). */
export const markdownMaxLength = 100_000

const markdownSchema = (field: string): JsonSchema => ({
  type: 'string',
  maxLength: markdownMaxLength,
  description: `\`${field}\` written as Markdown instead (## to #### headings, **bold**, *italic*, lists, > quotes, [links](https://…), --- rules), converted to the editor's JSON on write. Send \`${field}\` or this, not both.`,
})

/** The write shape with a Markdown way to give each rich text field. */
const withMarkdown = (write: JsonSchema, richText: string[]): JsonSchema => {
  if (richText.length === 0) return write
  const properties = { ...propertiesOf(write) }
  for (const name of richText) properties[markdownName(name)] = markdownSchema(name)
  return { ...write, properties }
}

const withServerSet = (kind: KindSpec & FieldModel & { richText: string[] }): Kind => {
  const writable = propertiesOf(kind.write)
  const select = selectOf(kind)
  const read = withHtml(kind.read, kind.richText)
  return {
    ...kind,
    write: withMarkdown(kind.write, kind.richText),
    read,
    serverSetFields: Object.keys(propertiesOf(read)).filter(
      (name) => !(name in writable) && name !== 'id',
    ),
    ...(select ? { select } : {}),
  }
}

const buildKind = ({ spec, config }: { spec: KindSpec; config: SanitizedConfig }): Kind => {
  const collection = config.collections.find((c) => c.slug === spec.collection)
  if (!collection) throw new Error(`partner kind ${spec.path}: no collection ${spec.collection}`)
  const fields = [idField, ...(collection.fields as Field[])]
  const built = buildFieldModel({
    fields,
    options: { serverSet, alwaysSet: (path) => alwaysSetNames.has(path) },
  })
  // Ids are UUIDs: a filter on anything else is refused before it reaches the database.
  const model = {
    ...built,
    leaves: built.leaves.map((leaf) =>
      leaf.path === 'id' ? { ...leaf, type: 'ref' as const } : leaf,
    ),
  }
  const uuid = {
    type: 'string',
    format: 'uuid',
    description: 'Identifier (a UUID). Give your own to make a retried create safe.',
  }
  const write: JsonSchema = {
    ...model.write,
    properties: { ...(model.write.properties as object), id: uuid },
  }
  const richText = collection.flattenedFields
    .filter((f) => f.type === 'richText' && !f.hidden && (!spec.pick || spec.pick.includes(f.name)))
    .map((f) => f.name)
  if (!spec.pick) return withServerSet({ ...spec, ...model, write, richText })
  const pick = spec.pick
  return withServerSet({
    ...spec,
    ...model,
    write,
    richText,
    read: pickSchema(model.read, pick),
    leaves: model.leaves.filter((leaf) => pick.includes(leaf.path.split('.')[0] ?? '')),
    project: (doc) => {
      const full = model.project(doc)
      return Object.fromEntries(pick.map((name) => [name, full[name] ?? null]))
    },
  })
}

const built = new WeakMap<SanitizedConfig, Map<string, Kind>>()

/**
 * The partner model of a sanitised configuration, by path, built once per configuration. It
 * needs the configuration only (a running Payload has one), so the document can be generated
 * without a database.
 */
export const partnerKinds = ({ config }: { config: SanitizedConfig }): Map<string, Kind> => {
  let kinds = built.get(config)
  if (!kinds) {
    kinds = new Map(
      declaredKinds(config.collections).map((spec) => [spec.path, buildKind({ spec, config })]),
    )
    built.set(config, kinds)
  }
  return kinds
}
