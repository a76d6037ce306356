import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { postgresOf } from '../../../db/postgres'

/**
 * Removes finished runs older than the retention (by when they finished); a connection whose
 * last run goes loses the link (its column is set null). 0 keeps them all.
 */
export const pruneSyncRuns = async ({
  payload,
  retentionDays,
}: {
  payload: Payload
  retentionDays: number
}): Promise<number> => {
  if (retentionDays <= 0) return 0
  const { rows } = await postgresOf(payload).drizzle.execute<{ id: string }>(sql`
    delete from ticketing_sync_runs
    where status in ('succeeded', 'failed')
      and coalesce(finished_at, updated_at) < now() - ${`${retentionDays} days`}::interval
    returning id`)
  return rows.length
}
