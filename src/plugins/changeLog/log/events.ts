/**
 * What a change log entry says happened to a record. Of a kind with drafts, the events are
 * about its published version, which is what websites show: `published` it went live,
 * `unpublished` it was withdrawn, `updated` the live version changed, `drafted` a draft was
 * saved over it while it stays live.
 */
export const changeEvents = [
  'created',
  'updated',
  'deleted',
  'published',
  'unpublished',
  'drafted',
] as const
export type ChangeEvent = (typeof changeEvents)[number]

type Doc = Record<string, unknown> | undefined

/** One save as the hooks see it. */
type Save = { operation: 'create' | 'update' | 'delete'; doc: Doc; previousDoc: Doc }

/** Whether a draft kind's record had a published version before the save, and after it. */
export type Live = { before: boolean; after: boolean }

/**
 * The event of a save and whether it touched drafts only (the published version, if any, is
 * as it was: partners that read published records have nothing to read again). A kind without
 * drafts (`live` absent) has no such thing: creates, updates and deletes. Publishing a live
 * record's pending draft ("publish changes") is `published` too: what is live changed by a
 * publish.
 */
export const eventOf = ({
  operation,
  live,
  saved,
  previous,
}: {
  operation: Save['operation']
  live?: Live
  /** The `_status` the save wrote: `draft` for a draft version. */
  saved?: unknown
  /** The `_status` of the latest version before the save. */
  previous?: unknown
}): { event: ChangeEvent; draft: boolean } => {
  if (!live)
    return {
      event: operation === 'create' ? 'created' : operation === 'delete' ? 'deleted' : 'updated',
      draft: false,
    }
  if (operation === 'create') return { event: 'created', draft: !live.after }
  if (operation === 'delete') return { event: 'deleted', draft: !live.before }
  if (!live.before && live.after) return { event: 'published', draft: false }
  if (live.before && !live.after) return { event: 'unpublished', draft: false }
  if (live.before && saved !== 'published') return { event: 'drafted', draft: true }
  if (live.before) return { event: previous === 'draft' ? 'published' : 'updated', draft: false }
  return { event: 'updated', draft: true }
}

/** Fields every save touches: they say nothing about what changed. */
const bookkeeping = new Set(['updatedAt', 'createdAt', 'id'])

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
