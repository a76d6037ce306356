import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { postgresOf } from '../../../db/postgres'

/** A run this instance has claimed: marked running, its attempt counted. */
export type ClaimedRun = {
  id: string
  tenantId: string
  connectionId: string | null
  dryRun: boolean
  confirmRemovals: boolean
  attempts: number
}

type Row = {
  id: string
  tenant_id: string
  connection_id: string | null
  dry_run: boolean | null
  confirm_removals: boolean | null
  attempts: string | number | null
}

/**
 * The oldest queued run of the tenant whose last claim is least recent (never first), among
 * tenants with none running, marked running with its attempt counted: tenants take turns, so
 * one whose runs are many or slow (a box office that hangs to the deadline) never keeps another
 * tenant's run waiting behind all of its own.
 */
const claimStatement = () => sql`
    update ticketing_sync_runs
    set status = 'running', started_at = now(), heartbeat_at = now(),
      attempts = coalesce(attempts, 0) + 1, updated_at = now()
    where id = (
      select r.id from ticketing_sync_runs r
      where r.status = 'queued'
        and not exists (
          select 1 from ticketing_sync_runs o
          where o.tenant_id = r.tenant_id and o.status = 'running')
      order by (
          select max(l.started_at) from ticketing_sync_runs l
          where l.tenant_id = r.tenant_id) nulls first,
        r.queued_at nulls first, r.created_at
      limit 1
      for update skip locked)
    and status = 'queued'
    returning id, tenant_id, connection_id, dry_run, confirm_removals, attempts`

/**
 * Claims the next queued run (tenants in turn, each its oldest; none of a tenant that has one
 * running) in one statement: the row lock
 * (`SKIP LOCKED`) makes two instances claiming at once take different runs, and the status
 * change makes the claim visible to everyone at its commit. Claims take turns under one
 * advisory lock (each is a few milliseconds), so two instances cannot both see a tenant idle
 * and start two of its runs.
 */
export const claimRun = async (payload: Payload): Promise<ClaimedRun | undefined> => {
  const rows = await postgresOf(payload).drizzle.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ticketing-sync-claim'))`)
    return (await tx.execute<Row>(claimStatement())).rows
  })
  const row = rows[0]
  if (!row) return undefined
  return {
    id: row.id,
    tenantId: row.tenant_id,
    connectionId: row.connection_id,
    dryRun: row.dry_run === true,
    confirmRemovals: row.confirm_removals === true,
    attempts: Number(row.attempts ?? 1),
  }
}

/** Hands a claimed run back to the queue, its attempt uncounted (this instance had no room). */
export const releaseRun = async ({ payload, run }: { payload: Payload; run: ClaimedRun }) => {
  await postgresOf(payload).drizzle.execute(sql`
    update ticketing_sync_runs
    set status = 'queued', started_at = null, attempts = attempts - 1, updated_at = now()
    where id = ${run.id} and status = 'running' and attempts = ${run.attempts}`)
}
