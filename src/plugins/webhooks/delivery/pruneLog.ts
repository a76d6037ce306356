import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { postgresOf } from '../../../db/postgres'

/**
 * Removes finished deliveries (sent or given up) older than the retention (0 keeps them), the
 * deliveries of deleted tenants (nobody can read or resume them), and stored records no
 * delivery points at any more. Pending ones of a live tenant stay whatever their age: a paused
 * subscription's expire instead (`expirePaused`), with a note of where to catch up.
 */
export const pruneDeliveryLog = async ({
  payload,
  retentionDays,
}: {
  payload: Payload
  retentionDays: number
}): Promise<number> => {
  const db = postgresOf(payload).drizzle
  const old =
    retentionDays > 0
      ? sql`(state in ('succeeded', 'failed')
          and updated_at < now() - make_interval(days => ${retentionDays}))`
      : sql`false`
  const { rows } = await db.execute<{ removed: number }>(sql`
    with gone as (
      delete from webhook_deliveries
      where ${old} or tenant_id is null
      returning 1
    )
    select count(*)::int as removed from gone`)
  // A record is written with its deliveries in one transaction, so one seen here without any
  // has lost them all (pruned, or its subscription deleted).
  await db.execute(sql`
    delete from webhook_payloads p
    where not exists (select 1 from webhook_deliveries d where d.payload_id = p.id)`)
  return Number(rows[0]?.removed ?? 0)
}
