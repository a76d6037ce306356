import { batchLimit } from '../defaults'
import { partnerKinds, type Kind } from '../kinds/model'
import type { DocumentContext, JsonSchema } from '../types'
import { expandableRead, readAnswerSchema, selectionOf } from './shapeSchemas'

const listEnvelope = (schema: string): JsonSchema => ({
  type: 'object',
  required: [
    'docs',
    'totalDocs',
    'limit',
    'totalPages',
    'page',
    'pagingCounter',
    'hasPrevPage',
    'hasNextPage',
    'prevPage',
    'nextPage',
    'nextCursor',
  ],
  properties: {
    docs: { type: 'array', items: readAnswerSchema(schema) },
    totalDocs: { type: 'integer' },
    limit: { type: 'integer' },
    totalPages: { type: 'integer' },
    page: { type: 'integer' },
    pagingCounter: { type: 'integer' },
    hasPrevPage: { type: 'boolean' },
    hasNextPage: { type: 'boolean' },
    prevPage: { type: ['integer', 'null'] },
    nextPage: { type: ['integer', 'null'] },
    nextCursor: {
      type: ['string', 'null'],
      description:
        'Pass it back as `cursor` for the next page (null on the last): as fast at page 500 as at page 2.',
    },
  },
})

/**
 * Fields of the record that the server sets (timestamps, tenant, derived URLs, file facts): a
 * client may send a record back as it got it, and these are ignored, not refused.
 */
const serverSetProperties = (kind: Kind): Record<string, JsonSchema> =>
  Object.fromEntries(
    kind.serverSetFields.map((name) => [
      name,
      { readOnly: true, description: 'Set by the server: answered, and ignored when sent.' },
    ]),
  )

/** A media create in JSON names the file to fetch instead of carrying it. */
const remoteSource: JsonSchema = {
  type: 'string',
  format: 'uri',
  description:
    'A public http(s) URL the server fetches the file from (no private, loopback or link-local addresses; redirects are checked again).',
}

/** The create body: the spec marks `id` required; a body without one still gets a fresh id. */
const createSchema = (kind: Kind): JsonSchema => ({
  ...kind.write,
  properties: {
    ...kind.write.properties,
    ...serverSetProperties(kind),
    ...(kind.upload ? { src: remoteSource } : {}),
  },
  required: ['id', ...(kind.upload ? ['src'] : []), ...(kind.write.required ?? [])],
})

const updateSchema = (kind: Kind): JsonSchema => ({
  ...kind.write,
  properties: { ...kind.write.properties, ...serverSetProperties(kind) },
  required: ['id'],
})

/** A batch create's body and answer: the records, each as its create and its answer. */
const batchSchemas = (kind: Kind): Record<string, JsonSchema> => ({
  [`${kind.schema}BatchCreate`]: {
    type: 'object',
    required: ['records'],
    additionalProperties: false,
    properties: {
      records: {
        type: 'array',
        minItems: 1,
        maxItems: batchLimit,
        items: { $ref: `#/components/schemas/${kind.schema}Create` },
        description: `From 1 to ${String(batchLimit)} records, each as its create takes it. Created together in one transaction: all of them, or none when any is refused.`,
      },
    },
  },
  [`${kind.schema}Batch`]: {
    type: 'object',
    required: ['records'],
    properties: {
      records: {
        type: 'array',
        items: { $ref: `#/components/schemas/${kind.schema}` },
        description: 'The records as stored, in the order sent.',
      },
    },
  },
})

/** A record kind's schemas: the record, its create and update bodies, its list page. */
export const recordSchemas =
  (path: string) =>
  ({ config }: DocumentContext): Record<string, JsonSchema> => {
    const kind = partnerKinds({ config }).get(path)
    if (!kind) throw new Error(`partner kind: no kind ${path}`)
    const read = expandableRead({ config, kind })
    return {
      [kind.schema]: { ...read, description: `${kind.tag}: a record as the API answers it.` },
      [`${kind.schema}Selection`]: selectionOf(read, kind.tag),
      [`${kind.schema}Read`]: readAnswerSchema(kind.schema),
      [`${kind.schema}Create`]: createSchema(kind),
      [`${kind.schema}Update`]: updateSchema(kind),
      [`${kind.schema}List`]: listEnvelope(kind.schema),
      ...(kind.batchCreate ? batchSchemas(kind) : {}),
    }
  }
