import type { Reference, JsonSchema } from '../types'

type Node = JsonSchema | Reference

const componentRef = (name: string): string => `#/components/schemas/${name}`

const isObject = (node: unknown): node is Record<string, unknown> =>
  typeof node === 'object' && node !== null && !Array.isArray(node)

/** A block variant as `fieldSchema.ts` writes it: an object titled `…Block` of one blockType. */
const blockOf = (schema: Node): { title: string; slug: string } | undefined => {
  if ('$ref' in schema) return undefined
  const title = schema.title
  const blockType = schema.properties?.blockType
  const slugs = blockType && !('$ref' in blockType) ? blockType.enum : undefined
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
  // A copy of what it is given, of the same shape: block unions become references (hence `as T`).
  const visit = <T>(node: T, input: boolean): T => {
    if (Array.isArray(node)) return node.map((item: unknown) => visit(item, input)) as T
    if (!isObject(node)) return node
    const out: Record<string, unknown> & Pick<JsonSchema, 'oneOf' | 'discriminator'> = {}
    for (const [key, value] of Object.entries(node)) out[key] = visit(value, input)
    const variants = out.oneOf
    const blocks = variants?.map(blockOf)
    if (!variants || !blocks || blocks.length === 0) return out as T
    const named = blocks.flatMap((block, i) => {
      const variant = variants[i]
      return block && variant && !('$ref' in variant) ? [{ ...block, variant }] : []
    })
    if (named.length !== variants.length) return out as T
    const mapping: Record<string, string> = {}
    out.oneOf = named.map(({ title, slug, variant }) => {
      const ref = register(input ? `${title}Input` : title, variant)
      mapping[slug] = ref
      return { $ref: ref }
    })
    out.discriminator = { propertyName: 'blockType', mapping }
    return out as T
  }
  for (const [name, schema] of Object.entries(schemas)) {
    const input = name.endsWith('Create') || name.endsWith('Update')
    schemas[name] = visit(schema, input)
  }
  return components
}
