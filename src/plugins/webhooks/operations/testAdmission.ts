import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PostgresAdapter } from '@payloadcms/db-postgres'

import { testEventType } from '../defaults'

type Tx = Parameters<Parameters<PostgresAdapter['drizzle']['transaction']>[0]>[0]

/** Why a test message was not queued, and when asking again may succeed. */
export type TestRefusal = { detail: string; retryAfterSeconds: number }

/**
 * Whether a subscription may be sent a test message now: not while its last one is still on
 * its way, and not beyond `perMinute` for its tenant (both surfaces together). The count is a
 * row of `partner_rate_limits` per tenant and minute, so every instance shares it; the caller
 * holds the transaction the test message is queued in.
 */
export const admitTest = async ({
  tx,
  tenant,
  webhookId,
  perMinute,
}: {
  tx: Tx
  tenant: string
  webhookId: string
  perMinute: number
}): Promise<TestRefusal | undefined> => {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`webhook-test:${webhookId}`}, 0))`,
  )
  const { rows: waiting } = await tx.execute<{ one: number }>(sql`
    select 1 as one from webhook_deliveries
    where webhook_id = ${webhookId} and state in ('pending', 'delivering')
      and type = ${testEventType}
    limit 1`)
  if (waiting.length > 0)
    return {
      detail:
        'A test message to this subscription is still on its way; ask again once it has been answered.',
      retryAfterSeconds: 5,
    }
  if (perMinute <= 0) return undefined
  const keyId = `webhook-tests:${tenant}`
  const { rows } = await tx.execute<{ count: number; reset: number }>(sql`
    with minute as (select date_trunc('minute', now()) as start)
    insert into partner_rate_limits (bucket, key_id, window_start, count)
    select ${keyId} || '@' || to_char(start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI'), ${keyId},
      start, 1
    from minute
    on conflict (bucket) do update set count = partner_rate_limits.count + 1
    returning count,
      ceil(extract(epoch from (window_start + interval '1 minute' - now())))::int as reset`)
  const [counted] = rows
  if (!counted || counted.count <= perMinute) return undefined
  return {
    detail: `A tenant may send ${perMinute} test messages a minute; ask again in a minute.`,
    retryAfterSeconds: Math.max(1, Number(counted.reset)),
  }
}
