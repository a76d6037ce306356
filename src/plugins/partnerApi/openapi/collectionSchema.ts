import type { SanitizedConfig } from 'payload'

import { buildFieldModel, propertiesOf } from '../kinds/fieldSchema'
import type { JsonSchema } from '../types'

/**
 * Properties of a resource that is not a record kind (a webhook subscription, a delivery),
 * written from its collection's fields by the walker record kinds use, so types, enums,
 * lengths and formats follow the fields. `names` lists the properties in the document's order;
 * `declared` gives those the fields do not hold as the API answers them (an id, a maker, a
 * log's entries), and `refine` what the document says beyond the field (a format, the
 * partner's words).
 */
export const collectionProperties = ({
  config,
  slug,
  names,
  alwaysSet = [],
  declared = {},
  refine = {},
}: {
  config: SanitizedConfig
  slug: string
  names: readonly string[]
  /** Properties that always hold a value: not nullable. */
  alwaysSet?: readonly string[]
  declared?: Readonly<Record<string, JsonSchema>>
  refine?: Readonly<Record<string, JsonSchema>>
}): Record<string, JsonSchema> => {
  const collection = config.collections.find((c) => c.slug === slug)
  if (!collection) throw new Error(`OpenAPI: no collection ${slug}`)
  const model = buildFieldModel({
    fields: collection.fields,
    options: { serverSet: () => false, alwaysSet: (path) => alwaysSet.includes(path) },
  })
  const fromFields = propertiesOf(model.read)
  return Object.fromEntries(
    names.map((name) => {
      const own = declared[name]
      if (own) return [name, own]
      const field = fromFields[name]
      if (!field) throw new Error(`OpenAPI: ${slug} has no field ${name}`)
      // The walker writes JSON Schema 2020-12, which OpenAPI 3.1 embeds, as a plain record.
      return [name, { ...(field as JsonSchema), ...refine[name] }]
    }),
  )
}
