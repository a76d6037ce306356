import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { executeInRequest } from '../../db/inTransaction'
import { collectionTable } from '../../db/postgres'
import { isUuid } from '../../lib/uuid'

/**
 * One text column of an event as published (its own table's row, not a draft version), read in
 * the request's transaction: what a performance's hooks derive from (its booking link, its
 * Elevent id) without loading the whole event.
 */
export const eventColumn = async ({
  req,
  eventId,
  field,
}: {
  req: PayloadRequest
  eventId: string
  /** The field's path as the table names it: `booking_bookingLinkURL`. */
  field: string
}): Promise<string | null> => {
  // Hooks run before the fields' own checks: a malformed id names no event.
  if (!isUuid(eventId)) return null
  const events = collectionTable({ payload: req.payload, collection: 'events' })
  const column = events?.field(field)
  const id = events?.columns.id?.name
  if (!events || !column || !id) throw new Error(`events has no ${field} column`)
  const [row] = await executeInRequest<{ value: string | null }>({
    req,
    query: sql`select ${sql.identifier(column)} as value from ${sql.identifier(events.name)}
      where ${sql.identifier(id)} = ${eventId}`,
  })
  return row?.value ?? null
}
