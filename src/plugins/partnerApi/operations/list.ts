import { afterCursor, encodeListCursor, type ListCursor } from '../listCursor'
import type { ListQuery } from '../query'
import { actingAs, partnerRead, type OperationArgs, type PartnerRecord } from './types'

/**
 * Payload's pagination envelope, with the partner shape of each record, and `nextCursor`: pass
 * it back as `cursor` for the next page, which is then read from an index at any depth.
 */
export type ListAnswer = {
  docs: PartnerRecord[]
  totalDocs: number
  limit: number
  totalPages: number
  page: number
  pagingCounter: number
  hasPrevPage: boolean
  hasNextPage: boolean
  prevPage: number | null
  nextPage: number | null
  nextCursor: string | null
}

/** A field's value in a stored record, by its dotted path. */
const valueAt = (doc: object, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (at, name) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[name] : null),
      doc,
    )

const cursorValue = (value: unknown): ListCursor['value'] =>
  value === undefined || value === null
    ? null
    : value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? null
        : (value as string | number | boolean)

export const listRecords = async ({
  payload,
  kind,
  principal,
  query,
}: OperationArgs & { query: ListQuery }): Promise<ListAnswer> => {
  const { cursor, limit, sort } = query
  // The id breaks ties, so a page boundary between equal values neither repeats nor skips.
  const order = [sort, `${sort.startsWith('-') ? '-' : ''}id`]
  const read = { ...partnerRead(kind), sort: order, ...actingAs(principal) }
  const page = cursor
    ? await pageAfter({ payload, read, where: query.where, cursor, limit })
    : await payload.find({
        ...read,
        limit,
        page: query.page,
        ...(query.where ? { where: query.where } : {}),
      })
  const current = cursor?.page ?? query.page
  const last = page.docs.at(-1)
  return {
    docs: page.docs.map((doc) => kind.project(doc)),
    totalDocs: page.totalDocs,
    limit,
    totalPages: page.totalPages,
    page: current,
    pagingCounter: (current - 1) * limit + 1,
    hasPrevPage: current > 1,
    hasNextPage: page.hasNextPage,
    prevPage: current > 1 ? current - 1 : null,
    nextPage: page.hasNextPage ? current + 1 : null,
    nextCursor:
      page.hasNextPage && last
        ? encodeListCursor({
            sort,
            value: cursorValue(valueAt(last, sort.replace(/^-/, ''))),
            id: String((last as { id: unknown }).id),
            page: current + 1,
          })
        : null,
  }
}

type Read = ReturnType<typeof partnerRead> & { sort: string[] } & ReturnType<typeof actingAs>

/**
 * The page after a cursor: its records from the index, from the cursor on (one more than asked
 * tells whether another page follows), and beside them the count of the whole list, which an
 * index answers without visiting the rows (counting only what follows the cursor would).
 */
const pageAfter = async ({
  payload,
  read,
  where,
  cursor,
  limit,
}: {
  payload: OperationArgs['payload']
  read: Read
  where: ListQuery['where']
  cursor: ListCursor
  limit: number
}): Promise<{ docs: object[]; totalDocs: number; totalPages: number; hasNextPage: boolean }> => {
  const after = afterCursor(cursor)
  const [counted, found] = await Promise.all([
    payload.find({ ...read, limit: 1, ...(where ? { where } : {}) }),
    payload.find({
      ...read,
      where: where ? { and: [where, after] } : after,
      limit: limit + 1,
      pagination: false,
    }),
  ])
  return {
    docs: found.docs.slice(0, limit),
    totalDocs: counted.totalDocs,
    totalPages: Math.ceil(counted.totalDocs / limit),
    hasNextPage: found.docs.length > limit,
  }
}
