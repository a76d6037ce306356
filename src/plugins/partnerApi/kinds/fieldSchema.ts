import type { CollectionSlug, Field, FieldTypes } from 'payload'

import { isoInZone } from '../../../lib/zonedTime'
import { relationId, type RelationValue } from '../../../lib/relationId'
import { blockResolverOf } from './blockResolver'
import { richTextSchema } from './richTextSchema'
import { fieldsAtLevel, type FieldEntry } from '../../../fields/walkFields'
import { isReference, type JsonSchema } from '../../../lib/jsonSchema'
import { htmlName, htmlSchema, markdownName, markdownSchema } from './richTextSiblings'

export type { JsonSchema }

export type Leaf = {
  path: string
  type: 'string' | 'number' | 'boolean' | 'date-time' | 'ref'
  /** A select's or radio's values: the only ones a filter may ask for. */
  options?: string[]
}

/** What the partner API knows of one collection: its shapes, and what may be filtered on. */
export type FieldModel = {
  /** The record as it is answered. */
  read: JsonSchema
  /** A create body (unknown fields refused, server-set fields tolerated and ignored). */
  write: JsonSchema
  /** Dotted paths of scalar fields, for `where` and `sort`. */
  leaves: Leaf[]
  /** Turns a Payload document into the partner shape. */
  project: (doc: object) => Record<string, unknown>
  /** Relationships to several collections: a body sends an id, the handler finds its collection. */
  polymorphic: { path: string; relationTo: CollectionSlug[] }[]
  /**
   * The branches of the fields that lead to parts of an answer made when read (rich text's
   * HTML, resolved blocks), for `present.ts` and for bodies; empty when there are none.
   */
  readTimeFields: Field[]
}

/** Hidden fields are the server's: never answered, never taken from a body. */
const isHidden = (field: Field): boolean => 'hidden' in field && field.hidden === true

/** The `properties` of an object schema (none for any other schema), `$ref`s left out. */
export const propertiesOf = (schema: JsonSchema): Record<string, JsonSchema> => {
  const out: Record<string, JsonSchema> = {}
  for (const [name, value] of Object.entries(schema.properties ?? {}))
    if (!isReference(value)) out[name] = value
  return out
}

type Walked = {
  read: Record<string, JsonSchema>
  write: Record<string, JsonSchema>
  required: string[]
}

const nullable = (schema: JsonSchema): JsonSchema => {
  const type = schema.type
  if (typeof type === 'string') {
    return {
      ...schema,
      type: [type, 'null'],
      ...(Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {}),
    }
  }
  if ('$ref' in schema || schema.oneOf) return { oneOf: [schema, { type: 'null' }] }
  return schema
}

const ref = (description: string): JsonSchema => ({ type: 'string', format: 'uuid', description })

type Mapper<K extends FieldTypes> = (
  field: Extract<Field, { type: K }>,
) => JsonSchema | 'layout' | null

/**
 * Every Payload field type and its JSON Schema, or `layout` (no data of its own) or `null`
 * (not part of the partner API). A field type added to Payload fails to compile here.
 */
const byType: { [K in FieldTypes]: Mapper<K> } = {
  text: (f) =>
    f.hasMany
      ? { type: 'array', items: { type: 'string' } }
      : { type: 'string', ...(f.maxLength ? { maxLength: f.maxLength } : {}) },
  textarea: (f) => ({ type: 'string', ...(f.maxLength ? { maxLength: f.maxLength } : {}) }),
  email: () => ({ type: 'string', format: 'email' }),
  code: () => ({ type: 'string' }),
  number: (f) => {
    const one: JsonSchema = {
      type: 'number',
      ...(typeof f.min === 'number' ? { minimum: f.min } : {}),
      ...(typeof f.max === 'number' ? { maximum: f.max } : {}),
    }
    return f.hasMany ? { type: 'array', items: one } : one
  },
  checkbox: () => ({ type: 'boolean' }),
  date: (f) => {
    const zone = zoneNameOf(f)
    return zone
      ? {
          type: 'string',
          format: 'date-time',
          description: `Answered in the local time of \`${zone}\`, with its offset; any offset or Z may be sent.`,
        }
      : { type: 'string', format: 'date-time' }
  },
  select: (f) => {
    const values = f.options.map((o) => (typeof o === 'string' ? o : o.value))
    return f.hasMany
      ? { type: 'array', items: { type: 'string', enum: values } }
      : { type: 'string', enum: values }
  },
  radio: (f) => ({
    type: 'string',
    enum: f.options.map((o) => (typeof o === 'string' ? o : o.value)),
  }),
  relationship: (f) => {
    const one = ref(
      `Identifier of a ${Array.isArray(f.relationTo) ? f.relationTo.join(' / ') : f.relationTo} record.`,
    )
    return f.hasMany ? { type: 'array', items: one } : one
  },
  upload: (f) => {
    const one = ref(`Identifier of a ${String(f.relationTo)} record (an uploaded file).`)
    return f.hasMany ? { type: 'array', items: one } : one
  },
  json: () => ({}),
  richText: () => richTextSchema,
  point: () => ({ type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 }),
  group: () => 'layout',
  array: () => 'layout',
  blocks: () => ({ type: 'array', items: { type: 'object' } }),
  row: () => 'layout',
  collapsible: () => 'layout',
  tabs: () => 'layout',
  join: () => null,
  ui: () => null,
}

/** Generic in the type, so `byType[type]` is that type's mapper and takes that type's field. */
const schemaOfType = <K extends FieldTypes>(type: K, field: Extract<Field, { type: K }>) =>
  byType[type](field)

const schemaOf = (field: Field): JsonSchema | 'layout' | null => schemaOfType(field.type, field)

const describe = (field: Field, schema: JsonSchema): JsonSchema => {
  const description =
    field.admin && 'description' in field.admin ? field.admin.description : undefined
  return typeof description === 'string' && !schema.description
    ? { ...schema, description }
    : schema
}

export type WalkOptions = {
  /** Names answered but never taken from a body (derived or server-set). */
  serverSet: (field: Field, path: string) => boolean
  /**
   * Fields that always hold a value when answered. Everything else may be null: drafts skip
   * required checks, and fields shown under a condition are empty when it is off.
   */
  alwaysSet: (path: string) => boolean
}

/** `callToAction` → `CallToActionBlock`: a block's name in the document. */
const blockTitle = (slug: string): string => `${slug.charAt(0).toUpperCase()}${slug.slice(1)}Block`

const walk = ({
  fields,
  prefix,
  options,
  leaves,
  polymorphic,
}: {
  fields: Field[]
  prefix: string
  options: WalkOptions
  leaves: Leaf[]
  polymorphic: FieldModel['polymorphic']
}): Walked => {
  const out: Walked = { read: {}, write: {}, required: [] }
  for (const entry of fieldsAtLevel({ fields, skip: isHidden })) {
    if (entry.kind === 'tab') {
      const inner = walk({
        fields: entry.fields,
        prefix: `${prefix}${entry.name}.`,
        options,
        leaves,
        polymorphic,
      })
      out.read[entry.name] = {
        type: 'object',
        properties: inner.read,
        required: Object.keys(inner.read),
      }
      out.write[entry.name] = {
        type: 'object',
        properties: inner.write,
        additionalProperties: false,
      }
      continue
    }
    const { field } = entry
    const path = `${prefix}${field.name}`
    if (field.type === 'group' || field.type === 'array') {
      const nested = walk({
        fields: field.fields,
        prefix: field.type === 'group' ? `${path}.` : `${path}.*.`,
        options,
        leaves: field.type === 'group' ? leaves : [],
        polymorphic,
      })
      const readObject: JsonSchema = {
        type: 'object',
        properties: nested.read,
        required: Object.keys(nested.read),
      }
      const writeObject: JsonSchema = {
        type: 'object',
        properties: nested.write,
        additionalProperties: false,
      }
      const writable = !options.serverSet(field, path)
      if (field.type === 'group') {
        out.read[field.name] = describe(field, readObject)
        if (writable) out.write[field.name] = nullable(writeObject)
      } else {
        const row: JsonSchema = {
          ...readObject,
          properties: { id: { type: 'string' }, ...nested.read },
          required: [...new Set(['id', ...Object.keys(nested.read)])],
        }
        out.read[field.name] = describe(field, { type: 'array', items: row })
        if (writable)
          out.write[field.name] = nullable({
            type: 'array',
            items: {
              ...writeObject,
              properties: { id: { type: 'string' }, ...nested.write },
              required: nested.required,
            },
          })
      }
      continue
    }
    if (field.type === 'blocks') {
      const variants = field.blocks.map((block) => {
        const nested = walk({
          fields: block.fields,
          prefix: `${path}.*.`,
          options,
          leaves: [],
          polymorphic,
        })
        const blockType: JsonSchema = {
          type: 'string',
          enum: [block.slug],
          description: 'Which block this is; it decides the other properties.',
        }
        // Payload gives every block an `id` (and `blockName`) among its fields.
        const resolved = blockResolverOf(block)
        const readProperties: Record<string, JsonSchema> = {
          id: { type: 'string' },
          blockType,
          ...nested.read,
          ...(resolved ? { [resolved.name]: resolved.schema } : {}),
        }
        const read: JsonSchema = {
          type: 'object',
          title: blockTitle(block.slug),
          properties: readProperties,
          required: [...new Set(['id', 'blockType', ...Object.keys(readProperties)])],
        }
        const write: JsonSchema = {
          type: 'object',
          title: blockTitle(block.slug),
          properties: { id: { type: 'string' }, blockType, ...nested.write },
          required: [...new Set(['blockType', ...nested.required])],
          additionalProperties: false,
        }
        return { read, write }
      })
      const union = (side: 'read' | 'write'): JsonSchema => ({
        type: 'array',
        // `blockType` tells the variants apart (each names one value).
        items: { oneOf: variants.map((v) => v[side]) },
        ...(field.maxRows ? { maxItems: field.maxRows } : {}),
      })
      out.read[field.name] = describe(field, union('read'))
      if (!options.serverSet(field, path))
        out.write[field.name] = describe(field, nullable(union('write')))
      continue
    }
    const schema = schemaOf(field)
    if (schema === null || schema === 'layout') continue
    if (
      (field.type === 'relationship' || field.type === 'upload') &&
      Array.isArray(field.relationTo)
    ) {
      polymorphic.push({ path, relationTo: field.relationTo })
    }
    const required = 'required' in field && field.required === true
    out.read[field.name] = describe(field, options.alwaysSet(path) ? schema : nullable(schema))
    if (!options.serverSet(field, path)) {
      out.write[field.name] = describe(field, nullable(schema))
      if (required) out.required.push(field.name)
    }
    // Rich text is answered beside its HTML and may be written as Markdown, at any depth.
    if (field.type === 'richText') {
      out.read[htmlName(field.name)] = htmlSchema(field.name)
      if (!options.serverSet(field, path))
        out.write[markdownName(field.name)] = markdownSchema(field.name)
    }
    const leafType = leafTypeOf(field.type, schema)
    const values = Array.isArray(schema.enum)
      ? schema.enum.filter((v): v is string => typeof v === 'string')
      : undefined
    if (leafType) leaves.push({ path, type: leafType, ...(values ? { options: values } : {}) })
  }
  return out
}

const leafTypeOf = (type: FieldTypes, schema: JsonSchema): Leaf['type'] | undefined => {
  if (schema.type === 'array') return undefined
  if (type === 'relationship' || type === 'upload') return 'ref'
  if (type === 'date') return 'date-time'
  if (type === 'number') return 'number'
  if (type === 'checkbox') return 'boolean'
  if (schema.type === 'string') return 'string'
  return undefined
}

/**
 * The sibling holding a date's time zone: its own (`<name>_tz`, Payload's `timezone` option) or
 * the one it follows (`custom.zoneFrom`). A date without one is answered in UTC.
 */
export const zoneNameOf = (field: Extract<Field, { type: 'date' }>): string | undefined => {
  if (field.timezone) return `${field.name}_tz`
  const from: unknown = field.custom?.zoneFrom
  return typeof from === 'string' ? from : undefined
}

/** Payload documents carry populated relations and internals; the partner shape carries ids. */
const projectValue = (field: Field, value: unknown): unknown => {
  if (value === undefined) return undefined
  if (field.type === 'relationship' || field.type === 'upload') {
    const one = (v: unknown): string | null =>
      Array.isArray(field.relationTo)
        ? (relationId((v as { value?: RelationValue } | null)?.value) ?? null)
        : (relationId(v as RelationValue) ?? null)
    return Array.isArray(value) ? value.map(one) : one(value)
  }
  return value
}

/** A property of a stored document, whatever its generated type. */
const valueAt = (doc: object, name: string): unknown =>
  name in doc ? Reflect.get(doc, name) : undefined

const asObject = (value: unknown): object | undefined =>
  value && typeof value === 'object' ? value : undefined

const answered = new WeakMap<Field, boolean>()

/**
 * Whether a field is part of the partner shape: its schema, worked out once per field (a
 * configuration does not change), not for every field of every record answered.
 */
const isAnswered = (field: Field): boolean => {
  let known = answered.get(field)
  if (known === undefined) answered.set(field, (known = schemaOf(field) !== null))
  return known
}

type Projector = (doc: object | undefined) => Record<string, unknown>
/** One answered field: its value in `doc` written to `out`. */
type Step = (doc: object, out: Record<string, unknown>) => void

const projectors = new WeakMap<readonly Field[], Projector>()

/** A field's step, or none for a field partners are not answered. */
const stepOf = (entry: FieldEntry): Step | undefined => {
  if (entry.kind === 'tab') {
    const { name } = entry
    const inner = projectorOf(entry.fields)
    return (doc, out) => {
      out[name] = inner(asObject(valueAt(doc, name)))
    }
  }
  const { field } = entry
  if (!isAnswered(field)) return undefined
  const { name } = field
  if (field.type === 'group') {
    const inner = projectorOf(field.fields)
    return (doc, out) => {
      out[name] = inner(asObject(valueAt(doc, name)))
    }
  }
  if (field.type === 'blocks') {
    // The first block of a slug, as a lookup by slug would find it.
    const bySlug = new Map<unknown, Projector>()
    for (const block of field.blocks)
      if (!bySlug.has(block.slug)) bySlug.set(block.slug, projectorOf(block.fields))
    return (doc, out) => {
      const value = valueAt(doc, name)
      out[name] = Array.isArray(value)
        ? value.flatMap((row: unknown) => {
            const stored = asObject(row)
            if (!stored) return []
            const blockType = valueAt(stored, 'blockType')
            const inner = bySlug.get(blockType)
            return inner ? [{ id: valueAt(stored, 'id'), blockType, ...inner(stored) }] : []
          })
        : []
    }
  }
  if (field.type === 'array') {
    const inner = projectorOf(field.fields)
    return (doc, out) => {
      const value = valueAt(doc, name)
      out[name] = Array.isArray(value)
        ? value.map((row: unknown) => {
            const stored = asObject(row)
            return { id: stored && valueAt(stored, 'id'), ...inner(stored) }
          })
        : []
    }
  }
  if (field.type === 'date') {
    const zoneName = zoneNameOf(field) ?? ''
    return (doc, out) => {
      // Answered in the local time of its zone, with that offset: the same instant.
      const zone = valueAt(doc, zoneName)
      const projected = isoInZone({
        value: valueAt(doc, name),
        timeZone: typeof zone === 'string' ? zone : null,
      })
      out[name] = projected === undefined ? null : projected
    }
  }
  return (doc, out) => {
    const projected = projectValue(field, valueAt(doc, name))
    out[name] = projected === undefined ? null : projected
  }
}

/**
 * A stored document of `fields` in the partner shape, by steps worked out once per list of
 * fields: an answer projects every record of every page, and walking the configuration for
 * each one cost most of a projection.
 */
const projectorOf = (fields: readonly Field[]): Projector => {
  const known = projectors.get(fields)
  if (known) return known
  const steps = fieldsAtLevel({ fields, skip: isHidden }).flatMap((entry) => stepOf(entry) ?? [])
  const project: Projector = (doc) => {
    const out: Record<string, unknown> = {}
    if (!doc) return out
    for (const step of steps) step(doc, out)
    return out
  }
  projectors.set(fields, project)
  return project
}

/**
 * Only the branches of `fields` that lead to parts made when read (rich text, blocks that
 * resolve a property): what answers are walked with, so a record of many fields and one rich
 * text costs a walk of one field, not of all.
 */
const readTimeFieldsOf = (fields: Field[]): Field[] =>
  fieldsAtLevel({ fields, skip: isHidden }).flatMap((entry): Field[] => {
    if (entry.kind === 'tab') {
      const inner = readTimeFieldsOf(entry.fields)
      return inner.length > 0 ? [{ type: 'tabs', tabs: [{ name: entry.name, fields: inner }] }] : []
    }
    const { field } = entry
    if (field.type === 'richText') return [field]
    if (field.type === 'blocks') {
      const blocks = field.blocks
        .map((block) =>
          blockResolverOf(block) ? block : { ...block, fields: readTimeFieldsOf(block.fields) },
        )
        .filter((block) => Boolean(blockResolverOf(block)) || block.fields.length > 0)
      return blocks.length > 0 ? [{ ...field, blocks }] : []
    }
    if (field.type === 'group' || field.type === 'array') {
      const inner = readTimeFieldsOf(field.fields)
      return inner.length > 0 ? [{ ...field, fields: inner }] : []
    }
    return []
  })

export const buildFieldModel = ({
  fields,
  options,
}: {
  fields: Field[]
  options: WalkOptions
}): FieldModel => {
  const leaves: Leaf[] = []
  const polymorphic: FieldModel['polymorphic'] = []
  const walked = walk({ fields, prefix: '', options, leaves, polymorphic })
  return {
    read: { type: 'object', properties: walked.read, required: Object.keys(walked.read) },
    write: {
      type: 'object',
      properties: walked.write,
      required: walked.required,
      additionalProperties: false,
    },
    leaves,
    polymorphic,
    project: projectorOf(fields),
    readTimeFields: readTimeFieldsOf(fields),
  }
}
