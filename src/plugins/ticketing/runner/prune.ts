import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { postgresOf } from '../../../db/postgres'
import { optionDefaults } from '../defaults'

/**
 * Removes finished runs older than their retention (by when they finished): full syncs after
 * `retentionDays`, availability refreshes (one every few minutes per connection) after
 * `availabilityRetentionHours`; a connection whose last run goes loses the link (its column is
 * set null). 0 keeps that kind's all.
 */
export const pruneSyncRuns = async ({
  payload,
  retentionDays,
  availabilityRetentionHours = optionDefaults.availabilityRetentionHours,
}: {
  payload: Payload
  retentionDays: number
  availabilityRetentionHours?: number
}): Promise<number> => {
  const db = postgresOf(payload).drizzle
  const prune = async (kind: 'sync' | 'availability', age: string): Promise<number> => {
    const { rows } = await db.execute<{ id: string }>(sql`
      delete from ticketing_sync_runs
      where status in ('succeeded', 'failed') and kind = ${kind}
        and coalesce(finished_at, updated_at) < now() - ${age}::interval
      returning id`)
    return rows.length
  }
  let removed = 0
  if (retentionDays > 0) removed += await prune('sync', `${retentionDays} days`)
  if (availabilityRetentionHours > 0)
    removed += await prune('availability', `${availabilityRetentionHours} hours`)
  return removed
}
