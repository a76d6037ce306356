import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { postgresOf } from '../../../db/postgres'

/**
 * Removes entries older than the retention and raises each tenant's horizon past them, in one
 * statement: a cursor is judged against exactly what was removed.
 */
export const pruneChangeLog = async ({
  payload,
  retentionDays,
}: {
  payload: Payload
  retentionDays: number
}): Promise<number> => {
  const result = await postgresOf(payload).drizzle.execute(sql`
    with gone as (
      delete from change_log
      where at < now() - make_interval(days => ${retentionDays}::int)
      returning tenant_id, seq
    ), horizon as (
      insert into change_log_horizon (tenant_id, through_seq)
      select tenant_id, max(seq) from gone group by tenant_id
      on conflict (tenant_id) do update
        set through_seq = greatest(change_log_horizon.through_seq, excluded.through_seq)
    )
    select count(*)::int as removed from gone`)
  return Number((result.rows[0] as { removed?: number } | undefined)?.removed ?? 0)
}
