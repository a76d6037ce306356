import type { OpenAPIV3 } from 'openapi-types'

import type { Header, Reference, JsonSchema } from '../types'

/** A parameter of the document's components, by name. */
export const paramRef = (name: string): Reference => ({ $ref: `#/components/parameters/${name}` })

/** A schema of the document's components, by name. */
export const schemaRef = (name: string): Reference => ({ $ref: `#/components/schemas/${name}` })

/** A header an answer always carries. */
export const header = ({
  description,
  schema,
}: {
  description: string
  /** openapi-types gives 3.1 headers and parameters the 3.0 schema type. */
  schema: OpenAPIV3.SchemaObject
}): Header => ({ description, required: true, schema })

/** The tag of a record or list answer, the same on every instance for the same bytes. */
export const etagHeader = header({
  description:
    'The tag of this answer: send it as If-None-Match to read again, as If-Match to change.',
  schema: { type: 'string' },
})

export const locationHeader = header({
  description: 'Where the new record is.',
  schema: { type: 'string' },
})

/** What a read answer carries: its tag, and that it must be checked again before reuse. */
export const readHeaders: Record<string, Header> = {
  ETag: etagHeader,
  'Cache-Control': header({
    description: '`private, no-cache`: keep it, and revalidate with If-None-Match before use.',
    schema: { type: 'string' },
  }),
}

/** A media create as a multipart form: the file, and the other fields. */
export const mediaMultipart = (schema: string): JsonSchema => ({
  type: 'object',
  required: ['file'],
  properties: {
    file: { type: 'string', format: 'binary', description: 'The file to upload.' },
    _payload: { type: 'string', description: 'The other fields, as a JSON object.' },
  },
  additionalProperties: {
    type: 'string',
    description: `Or each text field of ${schema}Create as a part of its own (\`alt\`, \`id\`, …); numbers, lists and objects go in \`_payload\`.`,
  },
})
