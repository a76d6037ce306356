import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { postgresOf } from '../../../db/postgres'
import { linkOnlyProviders } from '../defaults'
import type { ProviderName } from '../types'

/** The columns of a scheduled run's row, queued now, in the insert's order. */
const runColumns = sql`(tenant_id, connection_id, provider, kind, status, dry_run, confirm_removals,
       trigger, queued_at, attempts, counts_created, counts_updated, counts_unchanged,
       counts_cancelled, counts_removed, counts_failed, needs_confirmation, updated_at, created_at)`

const runValues = (kind: 'sync' | 'availability') => sql`c.tenant_id, c.id,
      c.provider::text::enum_ticketing_sync_runs_provider, ${kind}, 'queued', false, false,
      'schedule', now(), 0, 0, 0, 0, 0, 0, 0, false, now(), now()`

const linkOnly = sql.join(
  linkOnlyProviders.map((p) => sql`${p}`),
  sql`, `,
)

/**
 * Queues a scheduled full sync of every active connection with a schedule whose last full sync
 * was queued longer ago than its interval. Two instances doing so at once queue one: the partial
 * unique index refuses the second, and a connection with a full sync under way gets none (a
 * refresh under way does not stop it: the claim waits for the refresh to end).
 */
export const queueScheduledRuns = async (payload: Payload): Promise<number> => {
  const { rows } = await postgresOf(payload).drizzle.execute<{ id: string }>(sql`
    insert into ticketing_sync_runs ${runColumns}
    select ${runValues('sync')}
    from ticketing_connections c
    where c.active is not false and c.sync_every_minutes > 0 and c.tenant_id is not null
      and c.provider::text not in (${linkOnly})
      and not exists (
        select 1 from ticketing_sync_runs r
        where r.connection_id = c.id and r.kind = 'sync'
          and (r.status in ('queued', 'running')
            or r.queued_at > now() - c.sync_every_minutes::float8 * interval '1 minute'))
    on conflict do nothing
    returning id`)
  return rows.length
}

/**
 * Queues an availability refresh of every active connection of a provider that can read
 * availability (`providers`) whose last refresh was queued longer ago than its interval. None
 * while any run of the connection is queued or running: a full sync refreshes availability
 * anyway, and a refresh waiting behind it would only repeat it. None of a connection with no
 * performance linked yet (never synced): it would ask about nothing, every few minutes.
 */
export const queueScheduledRefreshes = async ({
  payload,
  providers,
}: {
  payload: Payload
  providers: readonly ProviderName[]
}): Promise<number> => {
  if (providers.length === 0) return 0
  const readable = sql.join(
    providers.map((p) => sql`${p}`),
    sql`, `,
  )
  const { rows } = await postgresOf(payload).drizzle.execute<{ id: string }>(sql`
    insert into ticketing_sync_runs ${runColumns}
    select ${runValues('availability')}
    from ticketing_connections c
    where c.active is not false and c.availability_every_minutes > 0 and c.tenant_id is not null
      and c.provider::text not in (${linkOnly}) and c.provider::text in (${readable})
      and exists (
        select 1 from ticketing_links l
        where l.connection_id = c.id::text and l.kind = 'event-instances')
      and not exists (
        select 1 from ticketing_sync_runs r
        where r.connection_id = c.id
          and (r.status in ('queued', 'running')
            or (r.kind = 'availability' and r.queued_at >
              now() - c.availability_every_minutes::float8 * interval '1 minute')))
    on conflict do nothing
    returning id`)
  return rows.length
}
