import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { postgresOf } from '../../../db/postgres'
import { logLength, serverBusyWaitMs, testEventType, type WebhookOptions } from '../defaults'
import { retryDelay } from './retrySchedule'
import type { Claimed } from './claim'
import type { Attempt } from './send'

/**
 * Records an attempt on the delivery this instance still holds (a delivery whose lease ran out
 * and was claimed again is left to its new holder). A success clears the subscription's
 * failing streak; a failure schedules the next retry (never for a test message) or gives the delivery up, and a
 * subscription failing for longer than `pauseAfterMs` is paused with the reason.
 */
export const settleDelivery = async ({
  payload,
  delivery,
  attempt,
  options,
}: {
  payload: Payload
  delivery: Claimed
  attempt: Attempt
  options: WebhookOptions
}): Promise<void> => {
  const db = postgresOf(payload).drizzle
  const entry = JSON.stringify([attempt])
  const held = sql`id = ${delivery.id} and state = 'delivering' and attempts = ${delivery.attempts}`
  if (attempt.serverBusy) {
    // The server's own congestion: the attempt is given back, and the subscription's failing
    // streak neither starts nor grows.
    await db.execute(sql`
      update webhook_deliveries
      set state = 'pending', attempts = attempts - 1, lease_until = null, updated_at = now(),
        next_attempt_at = now() + make_interval(secs => ${serverBusyWaitMs / 1000})
      where ${held}`)
    return
  }
  const log = sql`(case when jsonb_array_length(coalesce(log, '[]'::jsonb)) >= ${logLength}
    then log - 0 else coalesce(log, '[]'::jsonb) end) || ${entry}::jsonb`
  if (attempt.ok) {
    await db.execute(sql`
      with done as (
        update webhook_deliveries
        set state = 'succeeded', delivered_at = now(), lease_until = null, updated_at = now(),
          last_status = ${attempt.status}, last_error = null, log = ${log}
        where ${held}
        returning webhook_id
      )
      update webhooks set failing_since = null
      where id in (select webhook_id from done) and failing_since is not null`)
    return
  }
  // A test message is asked for by someone waiting for its answer: one attempt, never retried
  // (a retry could only be sent after they stopped waiting, and tests would pile up).
  const wait =
    delivery.type === testEventType
      ? undefined
      : retryDelay({ attempts: delivery.attempts, options })
  const next =
    wait === undefined
      ? sql`state = 'failed', next_attempt_at = null`
      : sql`state = 'pending', next_attempt_at = now() + make_interval(secs => ${wait / 1000})`
  await db.execute(sql`
    with failed as (
      update webhook_deliveries
      set ${next}, lease_until = null, updated_at = now(), last_status = ${attempt.status},
        last_error = ${attempt.error}, log = ${log}
      where ${held}
      returning webhook_id
    )
    update webhooks set failing_since = coalesce(failing_since, now())
    where id in (select webhook_id from failed)`)
  const hours = Math.round((options.pauseAfterMs / 3_600_000) * 10) / 10
  await db.execute(sql`
    update webhooks
    set active = false, paused_at = now(),
      paused_reason = ${`Paused automatically: deliveries to this URL have failed for ${hours} h without one success. Last error: ${attempt.error ?? 'unknown'}`}
    where id = ${delivery.webhookId} and active
      and failing_since <= now() - make_interval(secs => ${options.pauseAfterMs / 1000})`)
}
