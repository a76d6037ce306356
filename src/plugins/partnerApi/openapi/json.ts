/** A JSON value: what the 3.0 and 2.0 conversions walk, whatever the schema dialect. */
export type Json = null | boolean | number | string | Json[] | JsonObject
export type JsonObject = { [key: string]: Json }

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The value as JSON, as `JSON.stringify` would write it: `undefined` members are left out. */
export const toJson = (value: unknown): Json => {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return value
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.map(toJson)
  if (typeof value !== 'object') return null
  const out: JsonObject = {}
  for (const [key, member] of Object.entries(value))
    if (member !== undefined && typeof member !== 'function') out[key] = toJson(member)
  return out
}

/** Readers that answer an empty value where the document has none. */
export const objectAt = (value: Json | undefined): JsonObject => (isObject(value) ? value : {})
export const listAt = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : [])
export const textAt = (value: Json | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined
