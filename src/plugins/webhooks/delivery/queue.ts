import { sql } from '@payloadcms/db-postgres/drizzle'

import { executeInRequest } from '../../../db/inTransaction'
import {
  encodeCursor,
  type ChangeColumns,
  type ChangeSubscriber,
  type CursorScope,
} from '../../changeLog/exports'
import { partnerKinds, presentRecord } from '../../partnerApi/exports/records'
import { recordEventType } from '../defaults'
import { webhookOptions } from '../options'
import { backlogIsFull } from './backlog'

/**
 * The tenant's active subscriptions that want the change's event and kind (and drafts): of the
 * change log's row as it is written, or of an entry's values.
 */
const subscribed = (change: ChangeColumns) => sql`
      from webhooks w
      where w.tenant_id = ${change.tenant} and w.active
        and (w.drafts or not ${change.draft})
        and (not exists (select 1 from webhooks_events e where e.parent_id = w.id)
          or exists (select 1 from webhooks_events e
            where e.parent_id = w.id and e.value::text = ${change.event}))
        and (not exists (select 1 from webhooks_kinds k where k.parent_id = w.id)
          or exists (select 1 from webhooks_kinds k
            where k.parent_id = w.id and k.value::text = ${change.kind}))`

/**
 * One pending delivery per active subscription of the tenant that wants the change's event and
 * kind (an empty list wants all) and, for a change of drafts only, drafts, written in the
 * change's transaction: no committed change goes unsent, and a rolled-back one is never sent.
 * The commit's NOTIFY wakes the workers. Whether anyone wants the change is asked in the change
 * log's own statement: most changes go to nobody, and then cost nothing here.
 */
export const queueDeliveries: ChangeSubscriber = {
  wants: (change) => sql`exists (select 1 ${subscribed(change)})`,
  run: async ({ req, entry, wanted }) => {
    if (!wanted) return
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
    const quota = webhookOptions(req.payload.config).backlogPerSubscription
    // The change is stored once, however many subscriptions it goes to; a subscription whose
    // backlog is full is paused instead (its receiver is not keeping up), and the write goes on.
    await executeInRequest({
      req,
      query: sql`
        with subs as (select w.id, w.tenant_id ${subscribed({
          tenant: sql`${entry.tenant}`,
          kind: sql`${entry.kind}`,
          event: sql`${entry.event}`,
          draft: sql`${entry.draft}`,
        })}),
        full_up as (
          select s.id from subs s
          where ${backlogIsFull({ webhook: sql`s.id`, quota })}
        ),
        paused as (
          update webhooks
          set active = false, paused_at = now(),
            paused_reason = ${backlogFullReason({ quota, seq: entry.seq, tenant: entry.tenant, secret: req.payload.secret })}
          where id in (select id from full_up)
          returning id
        ),
        stored as (
          insert into webhook_payloads (change, record, updated_at, created_at)
          select ${entry.seq}::numeric, ${JSON.stringify(record)}::jsonb, now(), now()
          where ${record !== null}::boolean
            and exists (select 1 from subs where id not in (select id from full_up))
          returning id
        )
        insert into webhook_deliveries
          (tenant_id, webhook_id, type, kind, record_id, event, fields, payload_id, change,
           changed_at, state, attempts, next_attempt_at, updated_at, created_at)
        select s.tenant_id, s.id, ${recordEventType(entry.event)}::varchar, ${entry.kind}::varchar,
          ${entry.recordId}::varchar, ${entry.event}::varchar, ${JSON.stringify(entry.fields)}::jsonb,
          (select id from stored), ${entry.seq}::numeric, ${entry.at}::timestamptz,
          'pending', 0, now(), now(), now()
        from subs s
        where s.id not in (select id from full_up)`,
    })
  },
}

/** Why a subscription was paused with a full backlog, and how its owner catches up. */
const backlogFullReason = ({
  quota,
  seq,
  tenant,
  secret,
}: CursorScope & { quota: number; seq: number }): string =>
  `Paused automatically: ${quota} messages were waiting for this URL, the most one subscription may have (its receiver is not keeping up). Changes from then on were not queued for it. Turn it back on once the receiver keeps up, and catch up from the change feed from cursor ${encodeCursor({ seq: seq - 1, tenant, secret })}.`
