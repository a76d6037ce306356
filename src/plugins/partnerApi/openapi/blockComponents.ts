import type { JsonSchema } from '../kinds/fieldSchema'

const componentRef = (name: string): string => `#/components/schemas/${name}`

/** A block variant as `fieldSchema.ts` writes it: an object titled `…Block` of one blockType. */
const blockOf = (schema: unknown): { title: string; slug: string } | undefined => {
  const s = schema as JsonSchema
  const title = typeof s?.title === 'string' ? s.title : undefined
  const blockType = (s?.properties as Record<string, JsonSchema> | undefined)?.blockType
  const slugs = blockType?.enum
  if (!title?.endsWith('Block') || !Array.isArray(slugs) || slugs.length !== 1) return undefined
  return typeof slugs[0] === 'string' ? { title, slug: slugs[0] } : undefined
}

/**
 * Each block union of the schemas becomes a `oneOf` of component references with a
 * `discriminator` on `blockType`, which code generators and OpenAPI 3.0 only read from
 * references: `MediaBlock` as answered, `MediaBlockInput` as written. The validators keep the
 * inline schemas; the document names them. Returns the new components; `schemas` is changed.
 */
export const hoistBlocks = (schemas: Record<string, JsonSchema>): Record<string, JsonSchema> => {
  const components: Record<string, JsonSchema> = {}
  const register = (name: string, schema: JsonSchema): string => {
    const known = components[name]
    if (known && JSON.stringify(known) !== JSON.stringify(schema))
      throw new Error(`OpenAPI: two different blocks are both named ${name}`)
    components[name] = schema
    return componentRef(name)
  }
  const visit = (node: unknown, input: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => visit(item, input))
    if (!node || typeof node !== 'object') return node
    const out: JsonSchema = {}
    for (const [key, value] of Object.entries(node as JsonSchema)) out[key] = visit(value, input)
    const variants = Array.isArray(out.oneOf) ? (out.oneOf as unknown[]) : undefined
    const blocks = variants?.map(blockOf)
    if (!variants || !blocks || blocks.length === 0 || blocks.some((b) => !b)) return out
    const mapping: Record<string, string> = {}
    out.oneOf = variants.map((variant, i) => {
      const { title, slug } = blocks[i]!
      const ref = register(input ? `${title}Input` : title, variant as JsonSchema)
      mapping[slug] = ref
      return { $ref: ref }
    })
    out.discriminator = { propertyName: 'blockType', mapping }
    return out
  }
  for (const [name, schema] of Object.entries(schemas)) {
    const input = name.endsWith('Create') || name.endsWith('Update')
    schemas[name] = visit(schema, input) as JsonSchema
  }
  return components
}
