import { rememberedJson } from './remembered'

/**
 * `JSON.stringify(value)`, with the JSON of remembered records (`remembered.ts`) in a `docs`
 * list taken as it was made instead of made again: the same text, since a remembered record
 * is frozen and its JSON was made from it.
 */
export const answerJson = (value: unknown): string => {
  if (value === null || typeof value !== 'object' || 'toJSON' in value) return JSON.stringify(value)
  const { docs } = value as { docs?: unknown }
  if (!Array.isArray(docs) || !docs.some((doc) => rememberedOf(doc) !== undefined))
    return JSON.stringify(value)
  // `docs` first, as the object holds it, then the rest in its own order.
  if (Object.keys(value)[0] !== 'docs') return JSON.stringify(value)
  const items = docs.map((doc) => rememberedOf(doc) ?? JSON.stringify(doc) ?? 'null')
  const rest = JSON.stringify({ ...value, docs: undefined })
  return `{"docs":[${items.join(',')}]${rest === '{}' ? '}' : `,${rest.slice(1)}`}`
}

const rememberedOf = (doc: unknown): string | undefined =>
  doc !== null && typeof doc === 'object' ? rememberedJson(doc) : undefined
