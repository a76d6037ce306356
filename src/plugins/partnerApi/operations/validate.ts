import type { CollectionSlug, RequiredDataFromCollectionSlug } from 'payload'
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

import { eachFieldValue } from '../../../fields/fieldValues'
import { isRealInstant } from '../../../lib/isRealInstant'
import { blockResolverOf } from '../kinds/blockResolver'
import type { JsonSchema } from '../../../lib/jsonSchema'
import type { Kind } from '../kinds/model'
import { htmlName } from '../kinds/richTextSiblings'
import { validationFailed } from '../../../lib/partnerProblem'

const ajv = new Ajv2020({ allErrors: true, strict: false })
addFormats(ajv)
// RFC 3339 allows a leap second (…:60) that PostgreSQL cannot store: a date-time must also be
// a real instant, the same rule the date fields apply.
const rfc3339 = ajv.formats['date-time'] as { validate: (s: string) => boolean } | undefined
ajv.addFormat('date-time', {
  type: 'string',
  validate: (value: string) => (rfc3339?.validate(value) ?? true) && isRealInstant(value),
})

/** A body that passed its kind's schema: the schema is made from the collection's own fields. */
export type WriteData = Record<string, unknown> & RequiredDataFromCollectionSlug<CollectionSlug>

type Validators = { full: ValidateFunction<WriteData>; partial: ValidateFunction<WriteData> }

const compiled = new WeakMap<Kind, Validators>()

const validatorsOf = (kind: Kind): Validators => {
  let pair = compiled.get(kind)
  if (!pair) {
    const partialSchema: JsonSchema = { ...kind.write, required: [] }
    pair = {
      full: ajv.compile<WriteData>(kind.write),
      partial: ajv.compile<WriteData>(partialSchema),
    }
    compiled.set(kind, pair)
  }
  return pair
}

const fieldOf = (error: ErrorObject): string => {
  const base = error.instancePath.replace(/^\//, '').replace(/\//g, '.')
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty: string }).additionalProperty
    return base ? `${base}.${extra}` : extra
  }
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty
    return base ? `${base}.${missing}` : missing
  }
  return base
}

const messageOf = (error: ErrorObject): string => {
  if (error.keyword === 'additionalProperties') return 'Unknown field.'
  if (error.keyword === 'required') return 'Required.'
  if (error.keyword === 'enum')
    return `Must be one of: ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}.`
  if (error.keyword === 'type')
    return `Must be ${(error.params as { type: string | string[] }).type.toString().replace(',', ' or ')}.`
  if (error.keyword === 'format') return `Must be a ${(error.params as { format: string }).format}.`
  return `${error.message ?? 'Invalid'}.`.replace(/^./, (c) => c.toUpperCase())
}

/** Where a body holds, at any depth, what only answers carry: rich text's HTML, resolved blocks. */
const answeredParts = ({ kind, body }: { kind: Kind; body: unknown }) => {
  const found: { holder: Record<string, unknown>; key: string }[] = []
  eachFieldValue({
    fields: kind.readTimeFields,
    data: body,
    visit: ({ field, holder }) => {
      if (field.type === 'richText' && htmlName(field.name) in holder)
        found.push({ holder, key: htmlName(field.name) })
      const rows = field.type === 'blocks' ? holder[field.name] : undefined
      if (!Array.isArray(rows)) return
      for (const row of rows as unknown[]) {
        if (typeof row !== 'object' || row === null) continue
        const stored = row as Record<string, unknown>
        const block =
          'blocks' in field ? field.blocks.find((b) => b.slug === stored.blockType) : undefined
        const resolver = block && blockResolverOf(block)
        if (resolver && resolver.name in stored) found.push({ holder: stored, key: resolver.name })
      }
    },
  })
  return found
}

/** The body without what only answers carry, so a page read and sent back is taken as it was. */
const withoutAnswered = ({
  kind,
  body,
}: {
  kind: Kind
  body: Record<string, unknown>
}): Record<string, unknown> => {
  if (kind.readTimeFields.length === 0 || answeredParts({ kind, body }).length === 0) return body
  const copy = structuredClone(body)
  for (const { holder, key } of answeredParts({ kind, body: copy })) delete holder[key]
  return copy
}

/**
 * Checks a write body against the kind's schema (made from its collection's fields) and names
 * every offending field. `partial` (PATCH) drops the required list.
 */
export const validateBody = ({
  kind,
  body,
  partial,
}: {
  kind: Kind
  body: Record<string, unknown>
  partial: boolean
}): WriteData => {
  // A record may be sent back as it was answered: what the server sets is ignored, not refused.
  const clean = Object.fromEntries(
    Object.entries(withoutAnswered({ kind, body })).filter(
      ([name]) => !kind.serverSetFields.includes(name),
    ),
  )
  const validators = validatorsOf(kind)
  const validate = partial ? validators.partial : validators.full
  if (validate(clean)) return clean
  return refuse(validate.errors)
}

/** A 400 naming every offending field once. */
const refuse = (found: ErrorObject[] | null | undefined): never => {
  const seen = new Set<string>()
  const errors = (found ?? [])
    .filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'if')
    .map((e) => ({ field: fieldOf(e), message: messageOf(e) }))
    .filter((e) =>
      seen.has(`${e.field}|${e.message}`) ? false : (seen.add(`${e.field}|${e.message}`), true),
    )
  return validationFailed(errors)
}

const bySchema = new WeakMap<object, ValidateFunction>()

/**
 * Checks a body against a schema the document also publishes (a tenant route's body), with
 * the same problems as a record's.
 */
export const validateAgainst = <T>({ schema, body }: { schema: JsonSchema; body: unknown }): T => {
  let validate = bySchema.get(schema)
  if (!validate) {
    validate = ajv.compile(schema)
    bySchema.set(schema, validate)
  }
  if (validate(body)) return body as T
  return refuse(validate.errors)
}
