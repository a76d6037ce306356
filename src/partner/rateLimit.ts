import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { readSettings } from '../lib/settings'
import { fail } from './problems'

let lastSweep = 0

/** Windows older than a few minutes count for nothing: removed now and then, off the request path. */
const sweep = (db: PostgresAdapter): void => {
  const now = Date.now()
  if (now - lastSweep < 60_000) return
  lastSweep = now
  void db.drizzle
    .execute(sql`delete from partner_rate_limits where window_start < now() - interval '5 minutes'`)
    .catch(() => undefined)
}

/**
 * Counts one request of a key in the current minute and refuses it with 429 once the key is over
 * its limit. One statement per request; the counter is shared by every app instance.
 */
export const consumeRequest = async ({
  payload,
  keyId,
  keyLimit,
}: {
  payload: Payload
  keyId: string
  keyLimit: number | null | undefined
}): Promise<void> => {
  const limit = keyLimit ?? readSettings().partnerRateLimitPerMinute
  if (!limit) return
  const db = payload.db as unknown as PostgresAdapter
  const result = await db.drizzle.execute<{ count: number; reset: number }>(sql`
    insert into partner_rate_limits (key_id, window_start, count)
    values (${keyId}, date_trunc('minute', now()), 1)
    on conflict (key_id, window_start) do update set count = partner_rate_limits.count + 1
    returning count, ceil(extract(epoch from window_start + interval '1 minute' - now()))::int as reset`)
  sweep(db)
  const row = result.rows[0]
  if (row && row.count > limit) {
    fail({
      status: 429,
      detail: `This API key may make ${limit} requests a minute; wait ${row.reset} s.`,
      headers: { 'retry-after': String(Math.max(1, row.reset)) },
    })
  }
}
