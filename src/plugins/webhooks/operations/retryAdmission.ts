import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { postgresOf } from '../../../db/postgres'
import type { WebhookDelivery } from '../../../payload-types'
import { relationId } from '../../../lib/relationId'
import { testEventType } from '../defaults'
import { webhookOptions } from '../options'
import { backlogIsFull } from '../delivery/backlog'

/**
 * Why a delivery may not be sent again by hand (partner route and admin alike), or
 * `undefined`. A test message is limited when asked for (`admitTest`), so it is never retried;
 * a finished delivery put back counts against its subscription's backlog quota, as a new
 * message would.
 */
export const retryRefusal = async ({
  payload,
  delivery,
}: {
  payload: Payload
  delivery: Pick<WebhookDelivery, 'type' | 'state' | 'webhook'>
}): Promise<string | undefined> => {
  if (delivery.type === testEventType)
    return 'A test message is not sent again: send a new test message instead.'
  // Already waiting: it is only brought forward, and adds nothing to the backlog.
  if (delivery.state === 'pending' || delivery.state === 'delivering') return undefined
  const quota = webhookOptions(payload.config).backlogPerSubscription
  const webhook = sql`${relationId(delivery.webhook) ?? null}::uuid`
  const { rows } = await postgresOf(payload).drizzle.execute<{ full: boolean }>(
    sql`select ${backlogIsFull({ webhook, quota })} as full`,
  )
  if (!rows[0]?.full) return undefined
  return `${quota} messages are already waiting for this subscription, the most it may have: retry once its receiver has caught up.`
}
