import type { Where } from 'payload'

import { defaultSearchLanguage, isSearchLanguage } from '../../../lib/searchLanguages'

import { afterCursor, encodeListCursor, type ListCursor } from '../reads/listCursor'
import { partnerOptions } from '../options'
import type { ListQuery } from '../reads/listQuery'
import { presentRead, presentRecords } from '../records/present'
import { readPlan } from '../reads/plan'
import { readPage } from '../reads/read'
import { rankedIds, searchMatchesMax } from '../reads/search'
import { both } from '../../../access/readScope'
import { actingAs, partnerRead, type OperationArgs, type PartnerRecord } from './types'
import type { ReadVersion } from '../reads/version'

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
  version,
  counted = true,
  shared = false,
}: PageArgs): Promise<ListAnswer> => {
  const { cursor, limit, sort } = query
  const current = cursor?.page ?? query.page
  const maxBytes = partnerOptions(payload.config).rememberedRecordBytes
  const recognised = shared && maxBytes > 0
  const args = { payload, kind, principal, query, version, counted, recognised }
  const page = query.search ? await searchPage(args) : await anyPage(args)
  const last = page.docs.at(-1)
  const presenting = { payload, kind, tenantId: principal.tenant.id, docs: page.docs }
  return {
    docs: recognised
      ? await presentRead({ ...presenting, maxBytes })
      : await presentRecords(presenting),
    totalDocs: page.totalDocs,
    limit,
    totalPages: page.totalPages,
    page: current,
    pagingCounter: (current - 1) * limit + 1,
    hasPrevPage: current > 1,
    hasNextPage: page.hasNextPage,
    prevPage: current > 1 ? current - 1 : null,
    nextPage: page.hasNextPage ? current + 1 : null,
    // Search answers page by `page` only: they are the best matches, not a walk of a list.
    nextCursor:
      page.hasNextPage && last && !query.search
        ? encodeListCursor({
            sort,
            value: cursorValue(valueAt(last, sort.replace(/^-/, ''))),
            id: String((last as { id: unknown }).id),
            page: current + 1,
          })
        : null,
  }
}

/** Payload's count of pages: one for an empty list. */
const pagesOf = (totalDocs: number, limit: number): number =>
  totalDocs > 0 ? Math.ceil(totalDocs / limit) : 1

type Found = { docs: object[]; totalDocs: number; totalPages: number; hasNextPage: boolean }

/** A list in one version of the records: the published ones, or the latest of each. */
type PageArgs = OperationArgs & {
  query: ListQuery
  version: ReadVersion
  /**
   * `false`: the records only, not the count of the whole list (a read of records by id, whose
   * count is the records found); `totalDocs` is then the page's.
   */
  counted?: boolean
  /**
   * The answer's records are only written out, never changed: they may be records remembered
   * by their rows (`records/remembered.ts`) and shared with other answers.
   */
  shared?: boolean
  /** Rows recognised by their text: `shared`, with records remembered at all. */
  recognised?: boolean
}

/**
 * The page from the kind's own reads (`reads/read.ts`), when it has a plan that can say the query;
 * a cursor page reads one more than asked, which tells whether another follows.
 */
const sqlPage = async ({
  payload,
  kind,
  principal,
  query,
  version,
  counted,
  recognised,
}: PageArgs): Promise<Found | undefined> => {
  if (!partnerOptions(payload.config).sqlReads) return undefined
  const plan = readPlan({ payload, kind, version })
  if (!plan) return undefined
  const { cursor, limit, sort, where } = query
  const found = await readPage({
    payload,
    plan,
    kind,
    version,
    principal,
    where: cursor ? both(where, afterCursor(cursor)) : where,
    countWhere: where,
    sort,
    limit: cursor ? limit + 1 : limit,
    offset: cursor ? 0 : (query.page - 1) * limit,
    counted: counted !== false,
    recognised: recognised === true,
  })
  if (!found) return undefined
  const totalPages = pagesOf(found.totalDocs, limit)
  return {
    docs: found.docs.slice(0, limit),
    totalDocs: found.totalDocs,
    totalPages,
    hasNextPage: cursor ? found.docs.length > limit : query.page < totalPages,
  }
}

const anyPage = async (args: PageArgs): Promise<Found> =>
  (await sqlPage(args)) ?? (await payloadPage(args))

/**
 * A page of the records that match `search` and the filter: in the order asked for, or, with no
 * `sort`, best match first (the ranking orders at most `searchMatchesMax` matches).
 */
const searchPage = async (args: PageArgs): Promise<Found> => {
  const { payload, kind, principal, query, version } = args
  const ids = await rankedIds({
    payload,
    kind,
    version,
    principal,
    language: isSearchLanguage(principal.tenant.language)
      ? principal.tenant.language
      : defaultSearchLanguage,
    words: query.search ?? '',
  })
  const where = both(query.where, { id: { in: ids } })!
  if (!query.ranked) return anyPage({ ...args, query: { ...query, where } })
  // Best first: the page is a slice of the ranked ids that pass the filter, and only its own
  // records are read (a filter is asked for ids alone).
  const passing = query.where ? new Set(await idsWhere({ ...args, where })) : undefined
  const matched = passing ? ids.filter((id) => passing.has(id)) : ids
  const start = (query.page - 1) * query.limit
  const pageIds = matched.slice(start, start + query.limit)
  const found =
    pageIds.length === 0
      ? []
      : (
          await anyPage({
            ...args,
            query: { ...query, where: { id: { in: pageIds } }, limit: pageIds.length, page: 1 },
          })
        ).docs
  const rank = new Map(pageIds.map((id, i) => [id, i]))
  const place = (doc: object) => rank.get(String((doc as { id: unknown }).id)) ?? pageIds.length
  const totalPages = pagesOf(matched.length, query.limit)
  return {
    docs: [...found].sort((a, b) => place(a) - place(b)),
    totalDocs: matched.length,
    totalPages,
    hasNextPage: query.page < totalPages,
  }
}

/** The ids of the tenant's records that pass `where`, read as the key's principal. */
const idsWhere = async ({
  payload,
  kind,
  principal,
  version,
  where,
}: PageArgs & { where: Where }): Promise<string[]> => {
  const { docs } = await payload.find({
    ...partnerRead({ kind, version, where }),
    // Only ids: `createdAt` is the smallest column every collection has.
    select: { createdAt: true },
    limit: searchMatchesMax,
    pagination: false,
    ...actingAs(principal),
  })
  return docs.map((doc) => String((doc as { id: unknown }).id))
}

/** The page through Payload's Local API, as the key's principal with access control on. */
const payloadPage = async ({
  payload,
  kind,
  principal,
  query,
  version,
  counted,
}: PageArgs): Promise<Found> => {
  const { cursor, limit, sort, where } = query
  // The id breaks ties, so a page boundary between equal values neither repeats nor skips.
  const order = [sort, `${sort.startsWith('-') ? '-' : ''}id`]
  const read = (filter: Where | undefined) => ({
    ...partnerRead({ kind, version, ...(filter ? { where: filter } : {}) }),
    sort: order,
    ...actingAs(principal),
  })
  if (!cursor && counted === false) {
    const { docs } = await payload.find({ ...read(where), limit, pagination: false })
    return { docs, totalDocs: docs.length, totalPages: 1, hasNextPage: false }
  }
  if (!cursor) return payload.find({ ...read(where), limit, page: query.page })
  // Beside the page, the count of the whole list, which an index answers without visiting the
  // rows (counting only what follows the cursor would).
  const [whole, found] = await Promise.all([
    payload.find({ ...read(where), limit: 1 }),
    payload.find({
      ...read(both(where, afterCursor(cursor))),
      limit: limit + 1,
      pagination: false,
    }),
  ])
  return {
    docs: found.docs.slice(0, limit),
    totalDocs: whole.totalDocs,
    totalPages: pagesOf(whole.totalDocs, limit),
    hasNextPage: found.docs.length > limit,
  }
}
