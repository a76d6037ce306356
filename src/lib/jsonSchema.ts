import type { OpenAPIV3_1 } from 'openapi-types'

/**
 * JSON Schema as OpenAPI 3.1 writes it (the 2020-12 dialect); the 3.0 and Swagger 2.0 documents
 * are derived from it. The one alias the field walker, the route declarations (`routes/types.ts`
 * re-exports it) and the document builders share, in a module of its own so the walker's
 * siblings need not import the walker for it.
 */
export type JsonSchema = OpenAPIV3_1.SchemaObject

/** A schema or a `$ref` to one, where a schema may hold either (a property, an item, a variant). */
export type JsonSchemaOrRef = OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject

export const isReference = (schema: JsonSchemaOrRef): schema is OpenAPIV3_1.ReferenceObject =>
  '$ref' in schema
