import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

type Json = Record<string, unknown>
type Header = { required?: boolean; schema?: Json }
type ResponseSpec = { content?: Record<string, { schema: Json }>; headers?: Record<string, Header> }
type OperationSpec = {
  operationId: string
  requestBody?: { content: Record<string, { schema: Json }> }
  responses: Record<string, ResponseSpec>
}
export type Document31 = {
  servers: { url: string }[]
  paths: Record<string, Record<string, OperationSpec>>
  components: Json
}

export type Exchange = {
  method: string
  /** Absolute URL or path, as requested. */
  url: string
  status: number
  headers: Headers
  text: string
  /** A JSON request body as sent: an accepted one must be one the document allows. */
  requestJson?: unknown
}

const docId = 'https://contract.test/openapi.json'

/** `#/components/...` refs of the document, made absolute so Ajv finds them in it. */
const absoluteRefs = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(absoluteRefs)
  if (!schema || typeof schema !== 'object') return schema
  return Object.fromEntries(
    Object.entries(schema as Json).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' && v.startsWith('#/')
        ? `${docId}${v}`
        : absoluteRefs(v),
    ]),
  )
}

/**
 * Checks real answers against the served OpenAPI 3.1 document: the operation and status must be
 * documented, the content type one of the documented ones, the body valid under the documented
 * schema, every required header present and of its schema. Records which statuses each
 * operation was seen answering.
 */
export const contractChecker = (doc: Document31) => {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema({ $id: docId, components: absoluteRefs(doc.components) })
  const compiled = new Map<string, ValidateFunction>()
  const validator = (schema: Json): ValidateFunction => {
    const key = JSON.stringify(schema)
    let fn = compiled.get(key)
    if (!fn) {
      fn = ajv.compile(absoluteRefs(schema) as Json)
      compiled.set(key, fn)
    }
    return fn
  }
  const base = new URL(doc.servers[0]?.url ?? 'http://localhost').pathname
  const templates = Object.keys(doc.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }))
  const seen = new Map<string, Set<number>>()

  const check = (exchange: Exchange): string[] => {
    const pathname = new URL(exchange.url, 'http://x').pathname
    const where = `${exchange.method} ${pathname} → ${exchange.status}`
    if (!pathname.startsWith(base)) return [`${where}: not under ${base}`]
    const rest = pathname.slice(base.length)
    const template = templates.find((t) => t.pattern.test(rest))?.template
    const operation = template ? doc.paths[template]?.[exchange.method.toLowerCase()] : undefined
    if (!operation) return [`${where}: no such operation in the document`]
    const statuses = seen.get(operation.operationId) ?? new Set<number>()
    statuses.add(exchange.status)
    seen.set(operation.operationId, statuses)
    const spec = operation.responses[String(exchange.status)]
    if (!spec) return [`${where}: status not documented for ${operation.operationId}`]
    const problems: string[] = []
    const jsonBody = operation.requestBody?.content['application/json']
    if (exchange.status < 300 && exchange.requestJson !== undefined && jsonBody) {
      const valid = validator(jsonBody.schema)
      if (!valid(exchange.requestJson))
        problems.push(
          `${where}: the server accepted a body the document refuses: ${ajv.errorsText(valid.errors)}`,
        )
    }
    for (const [name, header] of Object.entries(spec.headers ?? {})) {
      const value = exchange.headers.get(name)
      if (value === null) {
        if (header.required) problems.push(`${where}: header ${name} missing`)
        continue
      }
      if (header.schema) {
        const typed = header.schema.type === 'integer' ? Number(value) : value
        const valid = validator(header.schema)
        if (!valid(typed))
          problems.push(`${where}: header ${name}=${value} ${ajv.errorsText(valid.errors)}`)
      }
    }
    if (!spec.content) {
      if (exchange.text !== '') problems.push(`${where}: a body where none is documented`)
      return problems
    }
    // A media type is documented with its parameters (`text/calendar; charset=utf-8`) or bare.
    const sent = exchange.headers.get('content-type') ?? ''
    const type = sent.split(';')[0]?.trim() ?? ''
    const media = spec.content[sent] ?? spec.content[type]
    if (!media) {
      problems.push(
        `${where}: content type "${type}" not among ${Object.keys(spec.content).join(', ')}`,
      )
      return problems
    }
    let body: unknown
    // A text type's body is the text itself (a calendar); JSON and `+json` types are parsed.
    if (type.startsWith('text/')) body = exchange.text
    else
      try {
        body = JSON.parse(exchange.text)
      } catch {
        problems.push(`${where}: body is not JSON`)
        return problems
      }
    const valid = validator(media.schema)
    if (!valid(body)) {
      problems.push(`${where}: body does not match the schema: ${ajv.errorsText(valid.errors)}`)
    }
    return problems
  }

  return {
    check,
    /** The document answers are checked against. */
    document: doc,
    /** operationId → the statuses it was seen answering. */
    seen: () => seen,
    /** operationId → its documented statuses. */
    documented: (): Map<string, number[]> =>
      new Map(
        Object.values(doc.paths).flatMap((item) =>
          Object.values(item).map((op) => [op.operationId, Object.keys(op.responses).map(Number)]),
        ),
      ),
  }
}
