import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { postgresOf } from '../../../db/postgres'
import type { RunKind } from '../types'

/** A run this instance has claimed: marked running, its attempt counted. */
export type ClaimedRun = {
  id: string
  tenantId: string
  connectionId: string | null
  /** None: a full sync (as a run claimed before there were two kinds). */
  kind?: RunKind
  dryRun: boolean
  confirmRemovals: boolean
  attempts: number
}

type Row = {
  id: string
  tenant_id: string
  connection_id: string | null
  kind: string
  dry_run: boolean | null
  confirm_removals: boolean | null
  attempts: string | number | null
}

/**
 * The oldest queued run of its kind of the tenant whose last claim of that kind is least recent
 * (never first), among tenants with none of that kind running and connections with no run of
 * any kind running, marked running with its attempt counted: tenants take turns, so one whose
 * runs are many or slow (a box office that hangs to the deadline) never keeps another tenant's
 * run waiting behind all of its own; turns are counted per kind, so one tenant's long full sync
 * holds up none of its other connections' availability refreshes; and a full sync and a refresh
 * of one connection never write at once.
 */
const claimStatement = (kind: RunKind) => sql`
    update ticketing_sync_runs
    set status = 'running', started_at = now(), heartbeat_at = now(),
      attempts = coalesce(attempts, 0) + 1, updated_at = now()
    where id = (
      select r.id from ticketing_sync_runs r
      where r.status = 'queued' and r.kind = ${kind}
        and not exists (
          select 1 from ticketing_sync_runs o
          where o.tenant_id = r.tenant_id and o.kind = ${kind} and o.status = 'running')
        and not exists (
          select 1 from ticketing_sync_runs c
          where c.connection_id = r.connection_id and c.status = 'running')
      order by (
          select max(l.started_at) from ticketing_sync_runs l
          where l.tenant_id = r.tenant_id and l.kind = ${kind}) nulls first,
        r.queued_at nulls first, r.created_at
      limit 1
      for update skip locked)
    and status = 'queued'
    returning id, tenant_id, connection_id, kind, dry_run, confirm_removals, attempts`

/**
 * Claims the next queued run of `kind` (tenants in turn, each its oldest; none of a tenant that
 * has one of that kind running, none of a connection that has any run running) in one statement: the row lock
 * (`SKIP LOCKED`) makes two instances claiming at once take different runs, and the status
 * change makes the claim visible to everyone at its commit. Claims take turns under one
 * advisory lock (each is a few milliseconds, both kinds under the one lock), so two instances
 * cannot both see a tenant or a connection idle and start two of its runs.
 */
export const claimRun = async (
  payload: Payload,
  kind: RunKind,
): Promise<ClaimedRun | undefined> => {
  const rows = await postgresOf(payload).drizzle.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ticketing-sync-claim'))`)
    return (await tx.execute<Row>(claimStatement(kind))).rows
  })
  const row = rows[0]
  if (!row) return undefined
  return {
    id: row.id,
    tenantId: row.tenant_id,
    connectionId: row.connection_id,
    kind: row.kind === 'availability' ? 'availability' : 'sync',
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
