import { sql } from '@payloadcms/db-postgres/drizzle'
import type { CollectionBeforeDeleteHook } from 'payload'

import { executeInRequest } from '../../../../db/inTransaction'

/** A deleted subscription takes its delivery log and undelivered messages with it. */
export const dropDeliveries: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await executeInRequest({
    req,
    query: sql`delete from webhook_deliveries where webhook_id = ${String(id)}`,
  })
}
