import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { expect } from 'vitest'

import { postgresOf } from '../../src/db/postgres'
import { waitUntil } from './app'
import type { partner } from './partner'
import type { Receiver } from './receiver'

/**
 * What a refresh that sold a performance out must show every reader, once: the website (the
 * partner API, its cache dropped by the write), the change feed (one entry after `cursor`), and
 * webhooks (one delivery, received once; nothing else of the refresh on its way).
 */
export const expectSoldOutReachesReaders = async ({
  payload,
  site,
  receiver,
  tenantId,
  recordId,
  cursor,
}: {
  payload: Payload
  /** The website's partner client (a read key). */
  site: ReturnType<typeof partner>
  receiver: Receiver
  tenantId: string
  recordId: string
  /** The change feed's `next` before the refresh. */
  cursor: string
}): Promise<void> => {
  await waitUntil({
    what: 'the website reads it sold out',
    timeoutMs: 10_000,
    check: async () =>
      (await site.get('event-instances', recordId)).body.availability === 'sold_out',
  })
  const feed = await site.call(
    'GET',
    `/changes?limit=200${cursor ? `&after=${encodeURIComponent(cursor)}` : ''}`,
  )
  expect((feed.body.changes as { id: string }[]).filter((c) => c.id === recordId)).toHaveLength(1)
  await waitUntil({
    what: 'the webhook of the sold-out performance',
    timeoutMs: 20_000,
    check: async () => receiver.at('/hook').some((r) => r.body.includes(recordId)),
  })
  // The worker has sent everything due; nothing else of this refresh is on its way.
  const { rows } = await postgresOf(payload).drizzle.execute<{ n: number }>(
    sql`select count(*)::int as n from webhook_deliveries where tenant_id = ${tenantId}`,
  )
  expect(Number(rows[0]!.n)).toBe(1)
  expect(receiver.at('/hook').filter((r) => r.body.includes(recordId))).toHaveLength(1)
}
