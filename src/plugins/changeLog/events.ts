/** What a change log entry says happened to a record. */
export const changeEvents = ['created', 'updated', 'deleted', 'published', 'unpublished'] as const
export type ChangeEvent = (typeof changeEvents)[number]

type Doc = Record<string, unknown> | undefined

/** One save as the hooks see it. */
type Save = { operation: 'create' | 'update' | 'delete'; doc: Doc; previousDoc: Doc }

/** Fields every save touches: they say nothing about what changed. */
const bookkeeping = new Set(['updatedAt', 'createdAt', 'id'])

/**
 * The event a save is. A draft kind's record that becomes published is `published`, one that
 * leaves published is `unpublished`; a create is `created` whatever its status.
 */
export const eventOf = ({ operation, doc, previousDoc }: Save): ChangeEvent => {
  if (operation === 'create') return 'created'
  if (operation === 'delete') return 'deleted'
  const before = previousDoc?._status
  const after = doc?._status
  if (after === 'published' && before !== undefined && before !== 'published') return 'published'
  if (before === 'published' && after !== undefined && after !== 'published') return 'unpublished'
  return 'updated'
}

/**
 * A value as stored: a related record, populated or not, stands for its id. The admin's REST
 * hands hooks populated relations where the Local API has ids; neither is a change.
 */
const stored = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(stored)
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>
    if ('id' in record && ('createdAt' in record || 'updatedAt' in record)) return record.id
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, stored(v)]))
  }
  return value
}

const same = (a: unknown, b: unknown): boolean =>
  JSON.stringify(stored(a)) === JSON.stringify(stored(b))

const present = (value: unknown): boolean =>
  value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0)

/**
 * The top-level fields a save changed, by name and sorted. A create names the fields it set;
 * a delete names none.
 */
export const changedFields = ({
  operation,
  doc,
  previousDoc,
  hidden = new Set(),
}: Save & {
  /** The collection's hidden fields (a search text): no one sees them change. */
  hidden?: ReadonlySet<string>
}): string[] => {
  if (operation === 'delete' || !doc) return []
  const names = new Set([...Object.keys(doc), ...Object.keys(previousDoc ?? {})])
  return [...names]
    .filter((name) => !bookkeeping.has(name) && !hidden.has(name))
    .filter((name) =>
      operation === 'create' ? present(doc[name]) : !same(doc[name], previousDoc?.[name]),
    )
    .sort()
}
