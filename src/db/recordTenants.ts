import { sql, type SQL } from '@payloadcms/db-postgres/drizzle'
import type { CollectionCustom, PayloadRequest } from 'payload'

import { isUuid } from '../lib/uuid'
import { executeInRequest, sessionOf } from './inTransaction'
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

/** The row locks a write takes on a record, weakest first. */
const lockModes = { edit: sql`for no key update`, move: sql`for update` } as const
type LockMode = keyof typeof lockModes

/** What each transaction has locked, by its session object: the locks end with it. */
const heldLocks = new WeakMap<object, Map<string, LockMode>>()

/** Whether the request's transaction has taken the record's row (`lockRecord`). */
export const holdsRecord = async ({
  req,
  collection,
  id,
}: {
  req: PayloadRequest
  collection: string
  id: string
}): Promise<boolean> => {
  const session = await sessionOf(req)
  return Boolean(session && heldLocks.get(session)?.has(`${collection}:${id}`))
}

/** A condition on a table's rows: of these tenants only, when a list is given. */
const inTenants = ({
  tenant,
  within,
}: {
  tenant: string | undefined
  within: readonly string[] | undefined
}): SQL =>
  within && tenant
    ? sql`and ${sql.identifier(tenant)}::text = any(${sql.param([...within])}::text[])`
    : sql``

/**
 * Takes, for a delete, the rows of the records that go with it (`deletesWith`), before the
 * record's own, by id: a write of one of them takes its own row and then, reading the record it
 * points at or recomputing what it keeps of it (an event's dates), the record's. A delete that
 * took the record first would wait for that write while the write waited for it. A write of
 * several of them takes them by id too (`inEventOrder`).
 */
export const lockDependants = async ({
  req,
  dependants,
  id,
  within,
}: {
  req: PayloadRequest
  dependants: NonNullable<CollectionCustom['deletesWith']>
  id: string
  /** As `lockRecord`'s: only records of these tenants. */
  within?: readonly string[]
}): Promise<void> => {
  const session = await sessionOf(req)
  for (const { collection, field } of dependants) {
    const table = collectionTable({ payload: req.payload, collection })
    const column = table?.field(field)
    const idColumn = table?.columns.id?.name
    if (!table || !column || !idColumn) throw new Error(`${collection} has no column for ${field}`)
    const rows = await executeInRequest<{ id: string }>({
      req,
      query: sql`select ${sql.identifier(idColumn)}::text as id from ${sql.identifier(table.name)}
        where ${sql.identifier(column)} = ${id} ${inTenants({ tenant: table.field('tenant'), within })}
        order by ${sql.identifier(idColumn)} ${lockModes.move}`,
    })
    // Their own deletes, one by one, then need not ask again.
    const held = session ? (heldLocks.get(session) ?? new Map<string, LockMode>()) : undefined
    if (session && held) {
      for (const row of rows) held.set(`${collection}:${row.id}`, 'move')
      heldLocks.set(session, held)
    }
  }
}

/**
 * Takes a record's row in the request's transaction, until it ends, and reads its tenant.
 * `edit` (an update of one record, before Payload reads it: `lockEditedRecord`) waits for a
 * move or another edit of the record under way, so what Payload then reads, with the reader's
 * access, is what it writes over. `move`, the default (a move to another tenant, a delete, an
 * `If-Match` write's check and write), also waits for every write that read the record's tenant
 * with `tenantReadLock`, and makes every later one wait. A lock the transaction already holds
 * is not asked for again: `undefined`, where a lock taken now answers the record's tenant
 * (`tenant` undefined: no such record).
 */
export const lockRecord = async ({
  req,
  collection,
  id,
  mode = 'move',
  within,
}: {
  req: PayloadRequest
  collection: string
  id: string
  mode?: LockMode
  /**
   * Only a record of these tenants is taken; another is left alone (`tenant` undefined), so a
   * writer outside them never waits for it.
   */
  within?: readonly string[]
}): Promise<{ tenant: string | undefined } | undefined> => {
  const table = collectionTable({ payload: req.payload, collection })
  const column = table?.columns.id?.name
  if (!table || !column) throw new Error(`${collection} has no id column`)
  const tenant = table.field('tenant')
  const session = await sessionOf(req)
  const held = session ? (heldLocks.get(session) ?? new Map<string, LockMode>()) : undefined
  const key = `${collection}:${id}`
  if (held?.get(key) === 'move' || held?.get(key) === mode) return undefined
  const rows = await executeInRequest<{ tenant: string | null }>({
    req,
    query: sql`select ${tenant ? sql`${sql.identifier(tenant)}::text` : sql`null::text`} as tenant
      from ${sql.identifier(table.name)} where ${sql.identifier(column)} = ${id}
      ${inTenants({ tenant, within })}
      ${lockModes[mode]}`,
  })
  if (session && held && (rows.length > 0 || !within)) heldLocks.set(session, held.set(key, mode))
  return { tenant: rows[0]?.tenant ?? undefined }
}
