import { relationId, type RelationValue } from '../lib/relationId'

/** The tenant an update moves a record to, or nothing when it stays where it is. */
export const tenantMovedTo = ({
  data,
  originalDoc,
  operation,
}: {
  data: Record<string, unknown>
  originalDoc?: Record<string, unknown>
  operation: string
}): string | undefined => {
  if (operation !== 'update' || data.tenant === undefined) return undefined
  const to = relationId(data.tenant as RelationValue)
  const from = relationId(originalDoc?.tenant as RelationValue)
  return to && from && to !== from ? to : undefined
}
