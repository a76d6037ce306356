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
 * each one's second, and so on. Each tenant's candidates are read from the
 * (tenant, state, next attempt) index and stop at `perTenant`, so a tenant's backlog costs the
 * claim no more than its share.
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
  const { rows } = await postgresOf(payload).drizzle.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${claimLock}, 0))`)
    return tx.execute<Row>(sql`
      with owners as (
        -- Tenants that exist and have subscriptions: a deleted tenant's rows (tenant_id set
        -- null) are never candidates, so they cannot fill the batch and stall the queue.
        select distinct w.tenant_id from webhooks w join tenants t on t.id = w.tenant_id
      ),
      candidates as (
        select c.id, c.next_attempt_at, c.change, c.rank
        from owners o
        cross join lateral (
          select count(*)::int as n from webhook_deliveries b
          where b.tenant_id = o.tenant_id and b.state = 'delivering' and b.lease_until >= now()
        ) busy
        cross join lateral (
          select d.id, d.next_attempt_at, d.change,
            row_number() over (order by d.next_attempt_at, d.change) as rank
          from webhook_deliveries d
          join webhooks w on w.id = d.webhook_id
          where d.tenant_id = o.tenant_id and ${due}
            and (w.active or d.type = ${testEventType})
            and not exists (
              select 1 from webhook_deliveries e
              where e.webhook_id = d.webhook_id and e.kind = d.kind and e.record_id = d.record_id
                and e.change < d.change and e.state in ('pending', 'delivering'))
          order by d.next_attempt_at, d.change
          limit ${perTenant}
        ) c
        where c.rank <= ${perTenant} - busy.n
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
