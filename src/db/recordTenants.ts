import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'

import { isUuid } from '../lib/uuid'
import { executeInRequest } from './inTransaction'
import { collectionTable } from './postgres'
import { keepRead, readEachOnce } from './transactionReads'

const what = 'tenant'

/**
 * The lock a record's tenant is read under by a write about to point at it. A move takes the
 * record's row `for update` before it looks for what points at it (`lockRecord`), which this
 * lock conflicts with and nothing else a write takes does: so whichever of the two reads
 * second sees what the other committed, and a tenant read once holds until the transaction
 * ends (a batch keeps it for all its records). A move waits for the writes that checked the
 * record, and a write checking a record being moved waits, then reads its new tenant.
 */
export const tenantReadLock = sql`for key share`

/**
 * The tenant of each record (`undefined`: no such record), read once a transaction: a batch
 * names one event a hundred times. An id that is no UUID names no record: it reads as missing,
 * and is never queried. The main table holds every record, drafts included, and a draft cannot
 * move tenants (`refuseDraftMoves`): its tenant is the one to check.
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
      const table = collectionTable({ payload: req.payload, collection })
      const id = table?.columns.id?.name
      const tenant = table?.field('tenant')
      if (!table || !id || !tenant) throw new Error(`${collection} has no tenant column`)
      const rows = await executeInRequest<{ id: string; tenant: string | null }>({
        req,
        query: sql`select ${sql.identifier(id)}::text as id, ${sql.identifier(tenant)}::text as tenant
          from ${sql.identifier(table.name)}
          where ${sql.identifier(id)} in (${sql.join(
            wellFormed.map((value) => sql`${value}`),
            sql`, `,
          )})
          ${tenantReadLock}`,
      })
      return new Map(rows.map((row) => [row.id, row.tenant ?? undefined]))
    },
  })

/**
 * Keeps a record's tenant that another read of its main row found in the transaction, so
 * `recordTenants` need not read it again. That read takes `tenantReadLock` too.
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

/**
 * Takes a record's row `for update` in the request's transaction, until it ends: an `If-Match`
 * write's check and write, or a move to another tenant before it looks for what points at the
 * record (which waits for every write that read its tenant with `tenantReadLock`, and makes
 * every later one wait for the move).
 */
export const lockRecord = async ({
  req,
  collection,
  id,
}: {
  req: PayloadRequest
  collection: string
  id: string
}): Promise<void> => {
  const table = collectionTable({ payload: req.payload, collection })
  const column = table?.columns.id?.name
  if (!table || !column) throw new Error(`${collection} has no id column`)
  await executeInRequest({
    req,
    query: sql`select 1 from ${sql.identifier(table.name)} where ${sql.identifier(column)} = ${id} for update`,
  })
}
