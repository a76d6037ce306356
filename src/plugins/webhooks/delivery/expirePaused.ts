import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { postgresOf } from '../../../db/postgres'
import { encodeCursor } from '../../changeLog/exports'
import { testEventType } from '../defaults'

/**
 * Gives up the waiting messages of subscriptions paused longer than `expiryMs`: kept forever
 * they would grow without bound and be looked over by every claim. Each says where the
 * subscription's owner catches up: the change feed, from just before its first lost change.
 * Answers how many expired.
 */
export const expirePaused = async ({
  payload,
  expiryMs,
}: {
  payload: Payload
  expiryMs: number
}): Promise<number> => {
  const db = postgresOf(payload).drizzle
  const paused = sql`d.webhook_id = w.id and not w.active and d.state = 'pending'
    and d.type <> ${testEventType}
    and coalesce(w.paused_at, w.updated_at) < now() - make_interval(secs => ${expiryMs / 1000})`
  const { rows: subscriptions } = await db.execute<{
    webhook_id: string
    tenant_id: string
    first: string | null
  }>(
    sql`select d.webhook_id, w.tenant_id, min(d.change) as first
      from webhook_deliveries d, webhooks w
      where ${paused}
      group by d.webhook_id, w.tenant_id`,
  )
  let expired = 0
  for (const { webhook_id: webhookId, tenant_id: tenant, first } of subscriptions) {
    const cursor =
      first === null
        ? ''
        : ` from cursor ${encodeCursor({ seq: Number(first) - 1, tenant, secret: payload.secret })}`
    const days = Math.round((expiryMs / 86_400_000) * 10) / 10
    const { rows } = await db.execute<{ n: number }>(sql`
      with gone as (
        update webhook_deliveries d
        set state = 'failed', next_attempt_at = null, updated_at = now(),
          last_error = ${`The subscription was paused for more than ${days} days; this message expired unsent. Catch up from the change feed${cursor}.`}
        from webhooks w
        where d.webhook_id = ${webhookId} and ${paused}
        returning 1
      )
      select count(*)::int as n from gone`)
    expired += Number(rows[0]?.n ?? 0)
  }
  return expired
}
