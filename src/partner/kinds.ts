import type { CollectionSlug, Field, Payload } from 'payload'

import { buildFieldModel, type FieldModel, type JsonSchema } from './fieldSchema'

/** A record kind of the partner API: a path segment over one collection, in one shape. */
export type KindSpec = {
  /** Path segment: `/{tenant}/{name}`. */
  name: string
  collection: CollectionSlug
  /** Component schema name in the OpenAPI document. */
  schema: string
  tag: string
  /** Only these fields are answered (the spec's File is Media seen as a plain file). */
  pick?: string[]
  /** Events and pages have drafts: `_status` is `draft` or `published`. */
  drafts?: boolean
  upload?: boolean
}

export const kindSpecs: KindSpec[] = [
  { name: 'events', collection: 'events', schema: 'Event', tag: 'Events', drafts: true },
  {
    name: 'event-instances',
    collection: 'event-instances',
    schema: 'EventInstance',
    tag: 'Event instances',
  },
  { name: 'media', collection: 'media', schema: 'Media', tag: 'Media', upload: true },
  {
    name: 'files',
    collection: 'media',
    schema: 'File',
    tag: 'Files',
    upload: true,
    pick: [
      'id',
      'createdAt',
      'updatedAt',
      'tenant',
      'src',
      'tags',
      'prefix',
      'folder',
      'url',
      'thumbnailURL',
      'filename',
      'mimeType',
      'filesize',
      'width',
      'height',
      'focalX',
      'focalY',
    ],
  },
  {
    name: 'organizations',
    collection: 'organizations',
    schema: 'Organization',
    tag: 'Organizations',
  },
  { name: 'redirects', collection: 'redirects', schema: 'Redirect', tag: 'Redirects' },
  { name: 'works', collection: 'works', schema: 'Work', tag: 'Works' },
  { name: 'venues', collection: 'venues', schema: 'Venue', tag: 'Venues' },
  { name: 'blogs', collection: 'blogs', schema: 'Blog', tag: 'Blogs' },
  {
    name: 'custom-attributes',
    collection: 'custom-attributes',
    schema: 'CustomAttribute',
    tag: 'Custom attributes',
  },
  { name: 'pages', collection: 'pages', schema: 'Page', tag: 'Pages', drafts: true },
  { name: 'seasons', collection: 'seasons', schema: 'Season', tag: 'Seasons' },
  { name: 'people', collection: 'people', schema: 'Person', tag: 'People' },
  { name: 'series', collection: 'series', schema: 'Series', tag: 'Series' },
]

export type Kind = KindSpec & FieldModel

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

const pickSchema = (schema: JsonSchema, names: string[]): JsonSchema => {
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

const buildKind = ({ spec, payload }: { spec: KindSpec; payload: Payload }): Kind => {
  const collection = payload.collections[spec.collection]
  if (!collection) throw new Error(`partner kind ${spec.name}: no collection ${spec.collection}`)
  const fields = [idField, ...(collection.config.fields as Field[])]
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
  if (!spec.pick) return { ...spec, ...model, write }
  const pick = spec.pick
  return {
    ...spec,
    ...model,
    write,
    read: pickSchema(model.read, pick),
    leaves: model.leaves.filter((leaf) => pick.includes(leaf.path.split('.')[0] ?? '')),
    project: (doc) => {
      const full = model.project(doc)
      return Object.fromEntries(pick.map((name) => [name, full[name] ?? null]))
    },
  }
}

let cache: { config: unknown; kinds: Map<string, Kind> } | undefined

/** The partner model of the running configuration, built once per configuration. */
export const partnerKinds = (payload: Payload): Map<string, Kind> => {
  if (cache?.config === payload.config) return cache.kinds
  const kinds = new Map(kindSpecs.map((spec) => [spec.name, buildKind({ spec, payload })]))
  cache = { config: payload.config, kinds }
  return kinds
}
