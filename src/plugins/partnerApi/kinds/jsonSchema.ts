/**
 * JSON Schema (2020-12, the dialect of OpenAPI 3.1); the 3.0 and Swagger 2.0 documents are
 * derived from it. The one alias the field walker and the document builders share, in a module
 * of its own so that the walker's siblings need not import the walker for it.
 */
export type JsonSchema = { [key: string]: unknown }
