import { sql } from '@payloadcms/db-postgres/drizzle'

import { executeInRequest } from '../../../db/inTransaction'
import type { ChangeSubscriber } from '../../changeLog/record'
import { partnerKinds } from '../../partnerApi/kinds/model'
import { presentRecord } from '../../partnerApi/present'
import { recordEventType } from '../defaults'

/**
 * One pending delivery per active subscription of the tenant that wants the change's event and
 * kind (an empty list wants all) and, for a change of drafts only, drafts, written in the change's transaction: no committed change
 * goes unsent, and a rolled-back one is never sent. The commit's NOTIFY wakes the workers.
 */
export const queueDeliveries: ChangeSubscriber = async ({ req, entry }) => {
  const subscribed = sql`
      from webhooks w
      where w.tenant_id = ${entry.tenant} and w.active
        and (w.drafts or not ${entry.draft})
        and (not exists (select 1 from webhooks_events e where e.parent_id = w.id)
          or exists (select 1 from webhooks_events e
            where e.parent_id = w.id and e.value::text = ${entry.event}))
        and (not exists (select 1 from webhooks_kinds k where k.parent_id = w.id)
          or exists (select 1 from webhooks_kinds k
            where k.parent_id = w.id and k.value::text = ${entry.kind}))`
  // Most changes go to nobody: the record is rendered only for a change someone will be sent.
  const [wanted] = await executeInRequest<{ any: boolean }>({
    req,
    query: sql`select exists (select 1 ${subscribed}) as any`,
  })
  if (!wanted?.any) return
  // The record as this change left it, in its partner shape: a message describes its change,
  // not whatever the record became by the time it is sent.
  const kind = partnerKinds(req.payload).get(entry.kind)
  const record =
    entry.doc && kind
      ? await presentRecord({
          payload: req.payload,
          kind,
          tenantId: entry.tenant,
          doc: entry.doc,
          req,
        })
      : null
  await executeInRequest({
    req,
    query: sql`
      insert into webhook_deliveries
        (tenant_id, webhook_id, type, kind, record_id, event, fields, record, change, changed_at,
         state, attempts, next_attempt_at, updated_at, created_at)
      select w.tenant_id, w.id, ${recordEventType(entry.event)}::varchar, ${entry.kind}::varchar,
        ${entry.recordId}::varchar, ${entry.event}::varchar, ${JSON.stringify(entry.fields)}::jsonb,
        ${JSON.stringify(record)}::jsonb,
        ${entry.seq}::numeric, ${entry.at}::timestamptz,
        'pending', 0, now(), now(), now()
      ${subscribed}`,
  })
}
