import type { CollectionSlug, Payload } from 'payload'

import { relationId, type RelationValue } from '../../../lib/relationId'
import type { PartnerPrincipal } from '../../partnerApi/exports/routes'

/** The ids a list of records names in one reference, each once. */
export const idsOf = <T>(records: readonly T[], pick: (record: T) => unknown): string[] => [
  ...new Set(
    records
      .map((record) => relationId(pick(record) as RelationValue))
      .filter((id): id is string => typeof id === 'string'),
  ),
]

/**
 * The tenant's records of a collection by id, through Payload with the request's user and its
 * access rules (another tenant's id reads as missing): one query for all of them.
 */
export const readByIds = async <T extends { id: string }>({
  payload,
  principal,
  collection,
  ids,
}: {
  payload: Payload
  principal: PartnerPrincipal
  collection: CollectionSlug
  ids: readonly string[]
}): Promise<Map<string, T>> => {
  if (ids.length === 0) return new Map()
  const { docs } = await payload.find({
    collection,
    where: { id: { in: [...ids] } },
    depth: 0,
    limit: ids.length,
    pagination: false,
    user: principal.user,
    overrideAccess: false,
  })
  return new Map((docs as unknown as T[]).map((doc) => [doc.id, doc]))
}
