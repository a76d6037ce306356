import type { PayloadRequest } from 'payload'

import { relationId, type RelationValue } from '../lib/relationId'
import { isUuid } from '../lib/uuid'
import { keepRead, readEachOnce } from './transactionReads'

const what = 'tenant'

/**
 * The tenant of each record (`undefined`: no such record), read once a transaction: a batch
 * names one event a hundred times. An id that is no UUID names no record: it reads as missing,
 * and is never queried.
 */
export const recordTenants = ({
  req,
  collection,
  ids,
}: {
  req: PayloadRequest
  collection: string
  ids: readonly string[]
}): Promise<Map<string, string | undefined>> =>
  readEachOnce({
    req,
    collection,
    ids: ids.filter(isUuid),
    what,
    read: async (wellFormed) => {
      const { docs } = await req.payload.find({
        collection: collection as 'events',
        where: { id: { in: wellFormed } },
        depth: 0,
        limit: wellFormed.length,
        pagination: false,
        overrideAccess: true,
        // The main table holds every record, drafts included, and a draft cannot move tenants
        // (`refuseDraftMoves`): its tenant is the one to check, and nothing else need be read.
        select: { tenant: true },
        req,
      })
      return new Map(docs.map((doc) => [String(doc.id), relationId(doc.tenant as RelationValue)]))
    },
  })

/**
 * Keeps a record's tenant that another read of its main row found in the transaction, so
 * `recordTenants` need not read it again.
 */
export const noteRecordTenant = ({
  req,
  collection,
  id,
  tenant,
  since,
}: {
  req: PayloadRequest
  collection: string
  id: string
  tenant: string | undefined
  /** `forgetCount` of the record before the read that found `tenant` began. */
  since: number
}): Promise<void> => keepRead({ req, record: { collection, id }, what, value: tenant, since })
