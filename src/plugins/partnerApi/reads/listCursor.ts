import type { Where } from 'payload'

import { isUuid } from '../../../lib/uuid'

/**
 * Where the next page of a list begins, opaque to partners: the sort it was made for, the last
 * record's sort value and id, and the page number it leads to (so the answer's envelope stays
 * whole without counting the pages before it). Versioned, like the feed's cursors.
 */
export type ListCursor = {
  sort: string
  value: string | number | boolean | null
  id: string
  page: number
}

export const encodeListCursor = ({ sort, value, id, page }: ListCursor): string =>
  Buffer.from(JSON.stringify(['v1', sort, value, id, page])).toString('base64url')

export const decodeListCursor = (cursor: string): ListCursor | undefined => {
  if (cursor.length > 2048 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (!Array.isArray(parsed) || parsed.length !== 5 || parsed[0] !== 'v1') return undefined
    const [, sort, value, id, page] = parsed as unknown[]
    if (typeof sort !== 'string' || !isUuid(id)) return undefined
    if (!Number.isSafeInteger(page) || (page as number) < 2) return undefined
    if (value !== null && !['string', 'number', 'boolean'].includes(typeof value)) return undefined
    return { sort, value: value as ListCursor['value'], id, page: page as number }
  } catch {
    return undefined
  }
}

/**
 * The records after the cursor in the order `[sort, id]` (PostgreSQL puts nulls last going up
 * and first going down), as a filter an index on (tenant, sort field) answers without reading
 * the pages before it.
 */
export const afterCursor = ({ sort, value, id }: ListCursor): Where => {
  const descending = sort.startsWith('-')
  const field = sort.replace(/^-/, '')
  const beyond = descending ? 'less_than' : 'greater_than'
  const tie = { and: [{ [field]: { equals: value } }, { id: { [beyond]: id } }] }
  if (value === null) {
    const nullTie = { and: [{ [field]: { exists: false } }, { id: { [beyond]: id } }] }
    return descending ? { or: [{ [field]: { exists: true } }, nullTie] } : nullTie
  }
  // The bound beside the OR lets PostgreSQL walk the index from the cursor on.
  const bound = { [field]: { [descending ? 'less_than_equal' : 'greater_than_equal']: value } }
  const after = { and: [bound, { or: [{ [field]: { [beyond]: value } }, tie] }] }
  return descending ? after : { or: [after, { [field]: { exists: false } }] }
}
