import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { executeInRequest } from '../../db/inTransaction'
import { collectionTable } from '../../db/postgres'
import { tenantReadLock } from '../../db/recordTenants'
import { isUuid } from '../../lib/uuid'

/**
 * Text columns of an event as published (its own table's row, not a draft version), read in
 * the request's transaction in one statement: what a performance's hooks derive from (its
 * title, its booking link, its Elevent id) without loading the whole event. A malformed id or
 * a missing event gives nulls.
 */
export const eventColumns = async <Field extends string>({
  req,
  eventId,
  fields,
  pointing = false,
}: {
  req: PayloadRequest
  eventId: string
  /** The fields' paths as the table names them: `booking_bookingLinkURL`. */
  fields: readonly Field[]
  /**
   * The save reading is about to point at the event, and its tenant is read for that check:
   * the row is read under `tenantReadLock`, so no move of the event can slip in before commit.
   */
  pointing?: boolean
}): Promise<Record<Field, string | null>> => {
  const none = Object.fromEntries(fields.map((field) => [field, null])) as Record<
    Field,
    string | null
  >
  // Hooks run before the fields' own checks: a malformed id names no event.
  if (!isUuid(eventId)) return none
  const events = collectionTable({ payload: req.payload, collection: 'events' })
  const id = events?.columns.id?.name
  const columns = fields.map((field) => {
    const column = events?.field(field)
    if (!column) throw new Error(`events has no ${field} column`)
    return sql`${sql.identifier(column)} as ${sql.identifier(field)}`
  })
  if (!events || !id) throw new Error('events has no id column')
  const [row] = await executeInRequest<Record<Field, string | null>>({
    req,
    query: sql`select ${sql.join(columns, sql`, `)} from ${sql.identifier(events.name)}
      where ${sql.identifier(id)} = ${eventId}${pointing ? sql` ${tenantReadLock}` : sql``}`,
  })
  return row ?? none
}

/** One of them. */
export const eventColumn = async ({
  req,
  eventId,
  field,
}: {
  req: PayloadRequest
  eventId: string
  field: string
}): Promise<string | null> => (await eventColumns({ req, eventId, fields: [field] }))[field] ?? null
