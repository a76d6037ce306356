import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload, PayloadRequest } from 'payload'

import { executeInRequest } from '../../../db/inTransaction'
import type { KeyRetirement } from '../../partnerApi/exports/routes'

/** The subscriptions whose `createdBy` is the key (a polymorphic relationship: `webhooks_rels`). */
const madeByKey = (key: string) => sql`exists (
  select 1 from webhooks_rels r
  where r.parent_id = w.id and r.path = 'createdBy' and r.api_keys_id = ${key})`

/**
 * Pauses the key's active subscriptions, in the request's transaction, saying why. Written in
 * SQL: the collection's hooks keep `pausedReason` from every write but the server's own.
 */
export const pauseWebhooksOfKey = async ({
  req,
  key,
  reason,
}: {
  req: PayloadRequest
  key: string
  reason: string
}): Promise<number> => {
  const rows = await executeInRequest({
    req,
    query: sql`update webhooks w
      set active = false, paused_at = now(), paused_reason = ${reason}, updated_at = now()
      where w.active and ${madeByKey(key)}
      returning w.id`,
  })
  return rows.length
}

/** How many subscriptions the key made, and how many of them are active. */
export const countWebhooksOfKey = async ({
  payload,
  key,
}: {
  payload: Payload
  key: string
}): Promise<{ total: number; active: number }> => {
  const [row] = await executeInRequest<{ total: number; active: number }>({
    payload,
    query: sql`select count(*)::int as total, (count(*) filter (where w.active))::int as active
      from webhooks w where ${madeByKey(key)}`,
  })
  return { total: row?.total ?? 0, active: row?.active ?? 0 }
}

/** A revoked or deleted key's subscriptions are paused, saying why (`partnerApi({ keyRetirement })`). */
export const pauseWebhooksOfRetiredKey: KeyRetirement = async ({ req, key, what }) => {
  const named = [key.name, key.prefix].filter(Boolean).join(', ')
  await pauseWebhooksOfKey({
    req,
    key: key.id,
    reason: `Paused: the API key that made it (${named}) was ${what}.`,
  })
}
