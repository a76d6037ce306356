import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { postgresOf } from '../../../db/postgres'

/**
 * Queues a scheduled run of every active connection with a schedule whose last run was
 * queued longer ago than its interval. Two instances doing so at once queue one: the partial
 * unique index refuses the second, and a connection with a run under way gets none.
 */
export const queueScheduledRuns = async (payload: Payload): Promise<number> => {
  const { rows } = await postgresOf(payload).drizzle.execute<{ id: string }>(sql`
    insert into ticketing_sync_runs
      (tenant_id, connection_id, provider, status, dry_run, confirm_removals, trigger, queued_at,
       attempts, counts_created, counts_updated, counts_unchanged, counts_cancelled,
       counts_removed, counts_failed, needs_confirmation, updated_at, created_at)
    select c.tenant_id, c.id, c.provider::text::enum_ticketing_sync_runs_provider, 'queued',
      false, false, 'schedule', now(), 0, 0, 0, 0, 0, 0, 0, false, now(), now()
    from ticketing_connections c
    where c.active is not false and c.sync_every_minutes > 0 and c.tenant_id is not null
      and c.provider <> 'elevent'
      and not exists (
        select 1 from ticketing_sync_runs r
        where r.connection_id = c.id
          and (r.status in ('queued', 'running')
            or r.queued_at > now() - c.sync_every_minutes::float8 * interval '1 minute'))
    on conflict do nothing
    returning id`)
  return rows.length
}
