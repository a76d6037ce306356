import type { Payload, Where } from 'payload'
import { sql } from '@payloadcms/db-postgres/drizzle'

import { postgresOf } from '../../../db/postgres'
import { isUuid } from '../../../lib/uuid'
import type { Webhook, WebhookDelivery } from '../../../payload-types'
import { testEventType } from '../defaults'
import { webhookOptions } from '../options'
import { issuedSecret, rotateContext } from '../signing/issued'
import { workerOf } from '../delivery/worker'
import { relationId } from '../../../lib/relationId'
import { retryRefusal } from './retryAdmission'
import { admitTest, type TestRefusal } from './testAdmission'
import { asCaller, withinCaller, type Caller } from './caller'

/** The one record of `collection` the filter finds among the caller's. */
const findOne = async <Slug extends 'webhooks' | 'webhook-deliveries'>({
  payload,
  caller,
  collection,
  where,
}: {
  payload: Payload
  caller: Caller
  collection: Slug
  where: Where
}) => {
  const { docs } = await payload.find({
    collection,
    where: withinCaller({ caller, where }),
    limit: 1,
    depth: 0,
    pagination: false,
    ...asCaller(caller),
  })
  return docs[0]
}

/** The caller's subscription, or `undefined`: another tenant's reads as missing. */
export const findWebhook = async ({
  payload,
  caller,
  id,
}: {
  payload: Payload
  caller: Caller
  id: string
}): Promise<Webhook | undefined> =>
  isUuid(id)
    ? findOne({ payload, caller, collection: 'webhooks', where: { id: { equals: id } } })
    : undefined

/** A new signing secret for the subscription, answered this once; the old one stops at once. */
export const rotateWebhookSecret = async ({
  payload,
  caller,
  id,
}: {
  payload: Payload
  caller: Caller
  id: string
}): Promise<{ webhook: Webhook; secret: string } | undefined> => {
  if (!(await findWebhook({ payload, caller, id }))) return undefined
  const context: Record<string, unknown> = { [rotateContext]: true }
  const webhook = await payload.update({
    collection: 'webhooks',
    id,
    data: {},
    depth: 0,
    context,
    ...asCaller(caller),
  })
  const secret = issuedSecret(context)
  return secret ? { webhook, secret } : undefined
}

/** What asking for a test message came to: its delivery, or why none was queued. */
export type TestOutcome = { sent: WebhookDelivery } | { refused: TestRefusal }

/**
 * Queues a `webhook.test` message for the subscription (paused or not) and waits, up to
 * `waitMs`, for its first attempt: the answer shows what the receiver made of it. Refused
 * while the last one is on its way and beyond the tenant's tests a minute.
 */
export const sendTestMessage = async ({
  payload,
  caller,
  id,
  waitMs,
}: {
  payload: Payload
  caller: Caller
  id: string
  waitMs: number
}): Promise<TestOutcome | undefined> => {
  const webhook = await findWebhook({ payload, caller, id })
  if (!webhook) return undefined
  const tenant = relationId(webhook.tenant)
  if (!tenant) return undefined
  const options = webhookOptions(payload.config)
  const queued = await postgresOf(payload).drizzle.transaction(async (tx) => {
    const refused = await admitTest({
      tx,
      tenant,
      webhookId: webhook.id,
      perMinute: options.testsPerMinute,
    })
    if (refused) return { refused }
    const { rows } = await tx.execute<{ id: string }>(sql`
      insert into webhook_deliveries
        (tenant_id, webhook_id, type, fields, changed_at, state, attempts, next_attempt_at,
         updated_at, created_at)
      values (${tenant}, ${webhook.id}, ${testEventType}, '[]'::jsonb, now(), 'pending', 0, now(),
        now(), now())
      returning id`)
    return { deliveryId: rows[0]?.id }
  })
  if (queued.refused) return { refused: queued.refused }
  const { deliveryId } = queued
  if (!deliveryId) return undefined
  workerOf(payload)?.wake()
  // An instance that sends nothing itself leaves the message to those that do.
  const until = Date.now() + (options.deliver ? waitMs : 0)
  for (;;) {
    const delivery = await payload.findByID({
      collection: 'webhook-deliveries',
      id: deliveryId,
      depth: 0,
      overrideAccess: true,
    })
    if (delivery.attempts && delivery.state !== 'delivering') return { sent: delivery }
    if (Date.now() > until) return { sent: delivery }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The caller's delivery of a subscription, or `undefined`. */
export const findDelivery = async ({
  payload,
  caller,
  webhookId,
  id,
}: {
  payload: Payload
  caller: Caller
  webhookId: string
  id: string
}): Promise<WebhookDelivery | undefined> => {
  if (!isUuid(id) || !isUuid(webhookId)) return undefined
  return findOne({
    payload,
    caller,
    collection: 'webhook-deliveries',
    where: { and: [{ id: { equals: id } }, { webhook: { equals: webhookId } }] },
  })
}

/** What asking for a delivery to be sent again came to: the delivery, or why not. */
export type RetryOutcome = { retried: WebhookDelivery } | { refused: string }

/**
 * Sends a delivery again now, whatever became of it (a given-up one included), unless
 * `retryRefusal` says why not.
 */
export const retryDelivery = async ({
  payload,
  caller,
  webhookId,
  id,
}: {
  payload: Payload
  caller: Caller
  webhookId: string
  id: string
}): Promise<RetryOutcome | undefined> => {
  const found = await findDelivery({ payload, caller, webhookId, id })
  if (!found) return undefined
  const refused = await retryRefusal({ payload, delivery: found })
  if (refused) return { refused }
  if (found.state === 'delivering') return { retried: found }
  await postgresOf(payload).drizzle.execute(sql`
    update webhook_deliveries
    set state = 'pending', next_attempt_at = now(), lease_until = null, updated_at = now()
    where id = ${found.id} and state <> 'delivering'`)
  workerOf(payload)?.wake()
  return { retried: { ...found, state: 'pending', nextAttemptAt: new Date().toISOString() } }
}
