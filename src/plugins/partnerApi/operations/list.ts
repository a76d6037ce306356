import type { ListQuery } from '../query'
import { actingAs, partnerRead, type OperationArgs, type PartnerRecord } from './types'

/** Payload's pagination envelope, with the partner shape of each record. */
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
}

export const listRecords = async ({
  payload,
  kind,
  principal,
  query,
}: OperationArgs & { query: ListQuery }): Promise<ListAnswer> => {
  const result = await payload.find({
    ...partnerRead(kind),
    limit: query.limit,
    page: query.page,
    sort: query.sort,
    ...(query.where ? { where: query.where } : {}),
    ...actingAs(principal),
  })
  return {
    docs: result.docs.map((doc) => kind.project(doc)),
    totalDocs: result.totalDocs,
    limit: result.limit,
    totalPages: result.totalPages,
    page: result.page ?? query.page,
    pagingCounter: result.pagingCounter,
    hasPrevPage: result.hasPrevPage,
    hasNextPage: result.hasNextPage,
    prevPage: result.prevPage ?? null,
    nextPage: result.nextPage ?? null,
  }
}
