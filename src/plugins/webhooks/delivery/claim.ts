import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { postgresOf } from '../../../db/postgres'
import { testEventType } from '../defaults'

/** A delivery this instance holds until its lease ends: what it needs to send it. */
export type Claimed = {
  id: string
  webhookId: string
  url: string
  secretCipher: string | null
  tenantId: string
  tenantSlug: string
  type: string
  kind: string | null
  recordId: string | null
  event: string | null
  fields: string[] | null
  record: Record<string, unknown> | null
  change: number | null
  changedAt: string
  attempts: number
}

type Row = {
  id: string
  webhook_id: string
  url: string
  secret_cipher: string | null
  tenant_id: string
  tenant_slug: string
  type: string
  kind: string | null
  record_id: string | null
  event: string | null
  fields: string[] | null
  record: Record<string, unknown> | null
  change: string | number | null
  changed_at: string | Date | null
  created_at: string | Date
  attempts: number
}

/** Claims are taken one at a time across instances, so two never both see a tenant's room. */
const claimLock = 'webhook_deliveries:claim'

/**
 * Takes up to `limit` due deliveries for this instance: pending ones whose time has come, and
 * ones whose holder's lease ran out (an instance killed mid-delivery). Rows another instance is
 * claiming are skipped, never waited for or taken twice. A record's message is not due while
 * an earlier one of the same record to the same subscription is still on its way, so a
 * receiver gets each record's events in order. Paused subscriptions get only test messages.
 *
 * Tenants share the slots fairly: a tenant with `perTenant` deliveries on their way (leases
 * held, on any instance) gets no more, and a batch takes each tenant's first due message, then
 * each one's second, and so on. Each subscription's candidates are read in order from the
 * (webhook, state, next attempt) index and stop at `perTenant`, and a paused one's backlog is
 * not read at all, so what waits costs the claim nothing beyond a share.
 */
export const claimDue = async ({
  payload,
  limit,
  leaseMs,
  perTenant,
}: {
  payload: Payload
  limit: number
  leaseMs: number
  perTenant: number
}): Promise<Claimed[]> => {
  const due = sql`((d.state = 'pending' and d.next_attempt_at <= now())
    or (d.state = 'delivering' and d.lease_until < now()))`
  // A record's message waits for an earlier one of the same record to the same subscription.
  const inOrder = sql`not exists (
    select 1 from webhook_deliveries e
    where e.webhook_id = d.webhook_id and e.kind = d.kind and e.record_id = d.record_id
      and e.change < d.change and e.state in ('pending', 'delivering'))`
  const { rows } = await postgresOf(payload).drizzle.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${claimLock}, 0))`)
    return tx.execute<Row>(sql`
      with hooks as (
        -- Subscriptions of tenants that exist: a deleted tenant's rows (tenant_id set null) are
        -- never candidates, so they cannot fill the batch and stall the queue.
        select w.id, w.tenant_id, w.active from webhooks w join tenants t on t.id = w.tenant_id
      ),
      busy as (
        select h.tenant_id, count(*)::int as n
        from hooks h join webhook_deliveries b on b.webhook_id = h.id
        where b.state = 'delivering' and b.lease_until >= now()
        group by h.tenant_id
      ),
      per_hook as (
        select h.tenant_id, c.id, c.next_attempt_at, c.change
        from hooks h
        cross join lateral (
          (select d.id, d.next_attempt_at, d.change from webhook_deliveries d
            where h.active and d.webhook_id = h.id and d.state = 'pending'
              and d.next_attempt_at <= now() and ${inOrder}
            order by d.next_attempt_at, d.change
            limit ${perTenant})
          union all
          -- A paused subscription's test messages (they have no kind); its backlog waits.
          (select d.id, d.next_attempt_at, d.change from webhook_deliveries d
            where not h.active and d.webhook_id = h.id and d.kind is null
              and d.state = 'pending' and d.next_attempt_at <= now()
              and d.type = ${testEventType}
            order by d.next_attempt_at
            limit ${perTenant})
          union all
          (select d.id, d.next_attempt_at, d.change from webhook_deliveries d
            where d.webhook_id = h.id and d.state = 'delivering' and d.lease_until < now()
              and (h.active or d.type = ${testEventType}) and ${inOrder}
            order by d.next_attempt_at, d.change
            limit ${perTenant})
        ) c
      ),
      candidates as (
        select p.id, p.next_attempt_at, p.change, p.rank
        from (
          select per_hook.*, row_number() over (
            partition by tenant_id order by next_attempt_at, change) as rank
          from per_hook
        ) p
        left join busy on busy.tenant_id = p.tenant_id
        where p.rank <= ${perTenant} - coalesce(busy.n, 0)
      ),
      taken as (
        select d.id from webhook_deliveries d
        join candidates c on c.id = d.id
        -- Checked again on the row as locked: another instance may have just claimed it.
        where ${due}
        order by c.rank, c.next_attempt_at, c.change
        limit ${limit}
        for update of d skip locked
      )
      update webhook_deliveries d
      set state = 'delivering', attempts = d.attempts + 1, updated_at = now(),
        lease_until = now() + make_interval(secs => ${leaseMs / 1000})
      from taken, webhooks w, tenants t
      where d.id = taken.id and w.id = d.webhook_id and t.id = d.tenant_id
      returning d.id, d.webhook_id, w.url, w.secret_cipher, d.tenant_id, t.slug as tenant_slug,
        d.type, d.kind, d.record_id, d.event, d.fields, d.change, d.changed_at, d.created_at,
        d.attempts,
        (select p.record from webhook_payloads p where p.id = d.payload_id) as record`)
  })
  return rows.map((row) => ({
    id: row.id,
    webhookId: row.webhook_id,
    url: row.url,
    secretCipher: row.secret_cipher,
    tenantId: row.tenant_id,
    tenantSlug: row.tenant_slug,
    type: row.type,
    kind: row.kind,
    recordId: row.record_id,
    event: row.event,
    fields: row.fields,
    record: row.record,
    change: row.change === null ? null : Number(row.change),
    changedAt: new Date(row.changed_at ?? row.created_at).toISOString(),
    attempts: Number(row.attempts),
  }))
}
