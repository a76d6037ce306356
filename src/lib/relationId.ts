/** A relationship value as Payload hands it over: an id, a populated document, or nothing. */
export type RelationValue = string | number | { id?: string | number | null } | null | undefined

export const relationId = (value: RelationValue): string | undefined => {
  if (value === null || value === undefined || value === '') return undefined
  if (typeof value === 'object')
    return value.id === null || value.id === undefined ? undefined : String(value.id)
  return String(value)
}
