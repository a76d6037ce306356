import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { postgresOf } from '../../../db/postgres'
import { claimScanPerSubscription, claimTimeoutMs, testEventType } from '../defaults'

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
  /** Sent to a subscription whose last attempt failed: it counts against `failingRoom`. */
  failing: boolean
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
  failing: boolean
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
 * each one's second, and so on. A failing subscription (its last attempt failed) is sent one
 * message at a time, a probe: the next waits until it is answered. Deliveries to failing
 * subscriptions take at most `failingRoom` of the batch (the worker passes what is left of its
 * share for them), so a receiver that hangs cannot take the slots of those that answer.
 *
 * The claim's cost is bounded, whatever waits: each subscription's first
 * `claimScanPerSubscription` due messages are looked at (from the (webhook, state, next
 * attempt) index), an earlier message of a record is looked for among waiting ones only (a
 * partial index), a paused subscription's backlog is not read at all, and the claim gives up
 * after `claimTimeoutMs` (the worker tries again on its next round).
 */
export const claimDue = async ({
  payload,
  limit,
  leaseMs,
  perTenant,
  failingRoom,
}: {
  payload: Payload
  limit: number
  leaseMs: number
  perTenant: number
  failingRoom: number
}): Promise<Claimed[]> => {
  const due = sql`((d.state = 'pending' and d.next_attempt_at <= now())
    or (d.state = 'delivering' and d.lease_until < now()))`
  // A record's message waits for an earlier one of the same record to the same subscription.
  const inOrder = sql`not exists (
    select 1 from webhook_deliveries e
    where e.webhook_id = r.webhook_id and e.kind = r.kind and e.record_id = r.record_id
      and e.change < r.change and e.state in ('pending', 'delivering'))`
  // A failing subscription's probe: any record message of it on its way.
  const probing = sql`exists (
    select 1 from webhook_deliveries b
    where b.webhook_id = h.id and b.state = 'delivering' and b.lease_until >= now()
      and b.kind is not null)`
  const { rows } = await postgresOf(payload).drizzle.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = ${claimTimeoutMs}`))
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${claimLock}, 0))`)
    return tx.execute<Row>(sql`
      with hooks as (
        -- Subscriptions of tenants that exist: a deleted tenant's rows (tenant_id set null) are
        -- never candidates, so they cannot fill the batch and stall the queue.
        select w.id, w.tenant_id, w.active, w.failing_since is not null as failing
        from webhooks w join tenants t on t.id = w.tenant_id
      ),
      busy as (
        select h.tenant_id, count(*)::int as n
        from hooks h join webhook_deliveries b on b.webhook_id = h.id
        where b.state = 'delivering' and b.lease_until >= now()
        group by h.tenant_id
      ),
      per_hook as (
        select h.tenant_id, h.failing, c.id, c.next_attempt_at, c.change
        from hooks h
        cross join lateral (
          (select r.id, r.next_attempt_at, r.change from (
            (select d.id, d.webhook_id, d.kind, d.record_id, d.next_attempt_at, d.change
              from webhook_deliveries d
              where h.active and d.webhook_id = h.id and d.state = 'pending'
                and d.next_attempt_at <= now() and d.kind is not null
              -- The index's order alone: a sort by change too would read every due row.
              order by d.next_attempt_at
              limit ${claimScanPerSubscription})
            union all
            (select d.id, d.webhook_id, d.kind, d.record_id, d.next_attempt_at, d.change
              from webhook_deliveries d
              where h.active and d.webhook_id = h.id and d.state = 'delivering'
                and d.lease_until < now() and d.kind is not null
              order by d.next_attempt_at
              limit ${claimScanPerSubscription})
          ) r
          where ${inOrder} and not (h.failing and ${probing})
          order by r.next_attempt_at, r.change
          limit case when h.failing then 1 else ${perTenant} end)
          union all
          -- Test messages (they have no kind), paused subscriptions' too; its backlog waits.
          (select d.id, d.next_attempt_at, d.change from webhook_deliveries d
            where d.webhook_id = h.id and d.kind is null and d.type = ${testEventType}
              and ${due}
            order by d.next_attempt_at
            limit ${perTenant})
        ) c
      ),
      candidates as (
        select p.id, p.next_attempt_at, p.change, p.rank, p.failing
        from (
          select per_hook.*, row_number() over (
            partition by tenant_id order by next_attempt_at, change) as rank
          from per_hook
        ) p
        left join busy on busy.tenant_id = p.tenant_id
        where p.rank <= ${perTenant} - coalesce(busy.n, 0)
      ),
      ordered as (
        select c.*, row_number() over (
          partition by c.failing order by c.rank, c.next_attempt_at, c.change) as in_kind
        from candidates c
      ),
      taken as (
        select d.id from webhook_deliveries d
        join ordered c on c.id = d.id
        -- Checked again on the row as locked: another instance may have just claimed it.
        where ${due} and (not c.failing or c.in_kind <= ${failingRoom})
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
        d.attempts, w.failing_since is not null as failing,
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
    failing: Boolean(row.failing),
  }))
}
