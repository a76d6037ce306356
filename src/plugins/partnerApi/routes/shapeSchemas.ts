import type { SanitizedConfig } from 'payload'

import { expandablesOf, joinedPerRecord } from '../expand/expandables'
import { partnerKinds, type Kind } from '../kinds/model'
import type { JsonSchema } from '../types'
import { schemaRef } from './recordParts'

/** `schema` at `path` inside an object schema's properties, changed by `change`. */
const changeAt = ({
  schema,
  path,
  change,
}: {
  schema: JsonSchema
  path: string[]
  change: (inner: JsonSchema) => JsonSchema
}): JsonSchema => {
  const [name, ...rest] = path
  const inner = name ? schema.properties?.[name] : undefined
  if (!name || !inner || '$ref' in inner) return schema
  return {
    ...schema,
    properties: {
      ...schema.properties,
      [name]: rest.length === 0 ? change(inner) : changeAt({ schema: inner, path: rest, change }),
    },
  }
}

/** An array schema, nullable or not. */
const isArray = (schema: JsonSchema): boolean =>
  Array.isArray(schema.type) ? schema.type.includes('array') : schema.type === 'array'

const joinedMore: JsonSchema = {
  type: 'object',
  required: ['total', 'next'],
  properties: {
    total: { type: 'integer', description: 'How many there are in all from now.' },
    next: {
      type: ['string', 'null'],
      description:
        'The list query (below the API base) that answers the rest, from the first one not answered here; null when all are here.',
    },
  },
}

/**
 * The record as a read answers it: each expandable reference is its id, or with `expand` the
 * record it names (its kind's schema, so expansions inside it too); each join is present only
 * when expanded, with its `…More`.
 */
export const expandableRead = ({ config, kind }: { config: SanitizedConfig; kind: Kind }) => {
  const kinds = partnerKinds({ config })
  let read: JsonSchema = kind.read
  for (const expandable of expandablesOf({ config, kind }).values()) {
    const target = kinds.get(expandable.target)
    if (!target) continue
    const record = schemaRef(target.schema)
    if (expandable.type === 'reference') {
      const either = (id: JsonSchema): JsonSchema => ({ anyOf: [id, record] })
      read = changeAt({
        schema: read,
        path: expandable.path,
        change: (id) => {
          const items = 'items' in id ? id.items : undefined
          return expandable.many && isArray(id) && items && !('$ref' in items)
            ? ({ ...id, items: either(items) } as JsonSchema)
            : either(id)
        },
      })
      continue
    }
    read = {
      ...read,
      properties: {
        ...read.properties,
        [expandable.name]: {
          type: 'array',
          items: record,
          maxItems: joinedPerRecord,
          description: `With \`expand=${expandable.name}\`: the next ${joinedPerRecord} ${target.tag.toLowerCase()} that are not hidden, from now by \`${expandable.sort}\`.`,
        },
        [`${expandable.name}More`]: {
          ...joinedMore,
          description: `With \`expand=${expandable.name}\`: how many there are, and where the rest are.`,
        },
      },
    }
  }
  return read
}

/** The record with `select`: any of its properties, and `id` always. */
export const selectionOf = (read: JsonSchema, tag: string): JsonSchema => ({
  ...read,
  required: ['id'],
  description: `${tag}: a record with \`select\`, only the fields it names and \`id\`.`,
})

/** A list's or retrieve's record: whole (expanded or not), or the fields `select` named. */
export const readAnswerSchema = (schema: string): JsonSchema => ({
  anyOf: [schemaRef(schema), schemaRef(`${schema}Selection`)],
})
