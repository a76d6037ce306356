import { sql } from '@payloadcms/db-postgres/drizzle'
import type { CollectionBeforeDeleteHook } from 'payload'

import { executeInRequest } from '../../../../db/inTransaction'

/**
 * A deleted connection's queued runs go with it; its finished runs stay (their connection
 * becomes null) until retention, and a running one finishes with nothing to point at.
 */
export const dropQueuedRuns: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await executeInRequest({
    req,
    query: sql`delete from ticketing_sync_runs where connection_id = ${String(id)} and status = 'queued'`,
  })
}
