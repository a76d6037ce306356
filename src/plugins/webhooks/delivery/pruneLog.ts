import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { postgresOf } from '../../../db/postgres'

/**
 * Removes finished deliveries (sent or given up) older than the retention; pending ones stay
 * whatever their age, so a paused subscription keeps its messages until it is resumed.
 */
export const pruneDeliveryLog = async ({
  payload,
  retentionDays,
}: {
  payload: Payload
  retentionDays: number
}): Promise<number> => {
  const { rows } = await postgresOf(payload).drizzle.execute<{ removed: number }>(sql`
    with gone as (
      delete from webhook_deliveries
      where state in ('succeeded', 'failed')
        and updated_at < now() - make_interval(days => ${retentionDays})
      returning 1
    )
    select count(*)::int as removed from gone`)
  return Number(rows[0]?.removed ?? 0)
}
