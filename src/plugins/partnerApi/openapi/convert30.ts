import type { OpenAPIV3 } from 'openapi-types'

import type { OpenApiDocument } from './build31'
import { withoutWebhooks } from './withoutWebhooks'

/** JSON Schema 2020-12 (3.1) → the OpenAPI 3.0 schema dialect: `nullable` instead of type lists. */
export const toSchema30 = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(toSchema30)
  if (!schema || typeof schema !== 'object') return schema
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (key === 'type' && Array.isArray(value)) {
      const types = value.filter((t) => t !== 'null')
      out.type = types[0]
      if (types.length < value.length) out.nullable = true
    } else if (key === 'const') {
      out.enum = [value]
    } else if (key === 'examples') {
      out.example = Array.isArray(value) ? value[0] : value
    } else {
      out[key] = toSchema30(value)
    }
  }
  if (out.oneOf && Array.isArray(out.oneOf)) {
    const nonNull = (out.oneOf as Record<string, unknown>[]).filter((s) => s.type !== 'null')
    if (nonNull.length < (out.oneOf as unknown[]).length) {
      delete out.oneOf
      Object.assign(out, nonNull.length === 1 ? { allOf: nonNull } : { oneOf: nonNull }, {
        nullable: true,
      })
    }
  }
  if (Array.isArray(out.enum) && out.enum.includes(null) && !out.nullable) out.nullable = true
  return out
}

/** The walk above rewrites every schema in place of its 3.1 form; the rest is shared by both. */
export const toOpenApi30 = (doc: OpenApiDocument): OpenAPIV3.Document => ({
  ...(toSchema30(withoutWebhooks(doc)) as OpenAPIV3.Document),
  openapi: '3.0.3',
})
