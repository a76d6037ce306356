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
  const where = cursor
    ? query.where
      ? { and: [query.where, afterCursor(cursor)] }
      : afterCursor(cursor)
    : query.where
  const result = await payload.find({
    ...partnerRead(kind),
    limit,
    // After a cursor, the first page of what follows it: no offset to walk.
    page: cursor ? 1 : query.page,
    sort: order,
    ...(where ? { where } : {}),
    ...actingAs(principal),
  })
  const page = cursor?.page ?? result.page ?? query.page
  // After a cursor, Payload counted what follows it; every page before it was full.
  const totalDocs = cursor ? result.totalDocs + (page - 1) * limit : result.totalDocs
  const last = result.docs.at(-1)
  return {
    docs: result.docs.map((doc) => kind.project(doc)),
    totalDocs,
    limit: result.limit,
    totalPages: cursor ? Math.ceil(totalDocs / limit) : result.totalPages,
    page,
    pagingCounter: cursor ? (page - 1) * limit + 1 : result.pagingCounter,
    hasPrevPage: page > 1,
    hasNextPage: result.hasNextPage,
    prevPage: page > 1 ? page - 1 : null,
    nextPage: result.hasNextPage ? page + 1 : null,
    nextCursor:
      result.hasNextPage && last
        ? encodeListCursor({
            sort,
            value: cursorValue(valueAt(last, sort.replace(/^-/, ''))),
            id: String((last as { id: unknown }).id),
            page: page + 1,
          })
        : null,
  }
}
