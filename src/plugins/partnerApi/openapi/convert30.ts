import type { OpenAPIV3 } from 'openapi-types'

import type { OpenApiDocument } from './build31'
import { isObject, listAt, toJson, type Json, type JsonObject } from './json'
import { withoutWebhooks } from './withoutWebhooks'

/** JSON Schema 2020-12 (3.1) → the OpenAPI 3.0 schema dialect: `nullable` instead of type lists. */
export const toSchema30 = (schema: Json): Json => {
  if (Array.isArray(schema)) return schema.map(toSchema30)
  if (!isObject(schema)) return schema
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type' && Array.isArray(value)) {
      const types = value.filter((t) => t !== 'null')
      if (types[0] !== undefined) out.type = types[0]
      if (types.length < value.length) out.nullable = true
    } else if (key === 'const') {
      out.enum = [value]
    } else if (key === 'examples') {
      const example = Array.isArray(value) ? value[0] : value
      if (example !== undefined) out.example = example
    } else {
      out[key] = toSchema30(value)
    }
  }
  if (Array.isArray(out.oneOf)) {
    const variants = out.oneOf
    const nonNull = variants.filter((s) => !isObject(s) || s.type !== 'null')
    if (nonNull.length < variants.length) {
      delete out.oneOf
      Object.assign(out, nonNull.length === 1 ? { allOf: nonNull } : { oneOf: nonNull }, {
        nullable: true,
      })
    }
  }
  if (listAt(out.enum).includes(null) && !out.nullable) out.nullable = true
  return out
}

/** The walk above rewrites every schema in place of its 3.1 form; the rest is shared by both. */
export const toOpenApi30 = (doc: OpenApiDocument): OpenAPIV3.Document => ({
  // The walk turns each 3.1 schema into its 3.0 form and leaves the rest as it was.
  ...(toSchema30(toJson(withoutWebhooks(doc))) as unknown as OpenAPIV3.Document),
  openapi: '3.0.3',
})
