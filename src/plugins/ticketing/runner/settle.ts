import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload, PayloadRequest } from 'payload'

import { executeInRequest } from '../../../db/inTransaction'
import { postgresOf } from '../../../db/postgres'
import type { RunOutcome } from '../types'
import type { ClaimedRun } from './claim'
import { storedOutcome } from './storedOutcome'

const takenOverCode = 'ETICKETINGRUNTAKENOVER'

/** Said by a heartbeat that finds the run no longer this claim's: the engine stops on it. */
export const runTakenOver = (runId: string): Error =>
  Object.assign(
    new Error(
      `run ${runId} is no longer this server's (taken up again elsewhere, finished or deleted); this copy stopped.`,
    ),
    { code: takenOverCode },
  )

export const isRunTakenOver = (err: unknown): boolean =>
  (err as { code?: unknown } | null)?.code === takenOverCode

/** The row is still this claim's: running, and claimed by this attempt (each claim counts one). */
const stillOurs = (run: ClaimedRun) =>
  sql`id = ${run.id} and status = 'running' and attempts = ${run.attempts}`

/**
 * Stores a run's outcome, if the run is still this claim's (one taken up again elsewhere after
 * this instance's heartbeat stopped belongs to that instance now), and makes it its
 * connection's last run of its kind. Says whether it stored it.
 */
export const settleRun = async ({
  payload,
  run,
  outcome,
}: {
  payload: Payload
  run: ClaimedRun
  outcome: RunOutcome
}): Promise<boolean> => {
  const { counts } = outcome
  const stored = storedOutcome(outcome)
  return postgresOf(payload).drizzle.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      update ticketing_sync_runs
      set status = ${outcome.status}, finished_at = now(), heartbeat_at = now(), updated_at = now(),
        counts_created = ${counts.created}, counts_updated = ${counts.updated},
        counts_unchanged = ${counts.unchanged}, counts_cancelled = ${counts.cancelled},
        counts_removed = ${counts.removed}, counts_failed = ${counts.failed},
        errors = ${JSON.stringify(stored.errors)}::jsonb,
        plan = ${JSON.stringify(stored.plan)}::jsonb,
        message = ${stored.message},
        needs_confirmation = ${outcome.needsConfirmation === true}
      where ${stillOurs(run)}
      returning id`)
    if (rows.length === 0) return false
    // A refresh every few minutes would hide the last full sync's outcome: each kind has its own.
    if (run.connectionId && run.kind === 'availability')
      await tx.execute(sql`
        update ticketing_connections set last_availability_run_id = ${run.id}
        where id = ${run.connectionId}`)
    else if (run.connectionId)
      await tx.execute(sql`
        update ticketing_connections set last_run_id = ${run.id}
        where id = ${run.connectionId}`)
    return true
  })
}

/**
 * Keeps the run alive in everyone's eyes (a run whose heartbeat stops is taken up again), and
 * throws `runTakenOver` when the row is no longer this claim's: the engine ends the run on it.
 */
export const beat = async ({ payload, run }: { payload: Payload; run: ClaimedRun }) => {
  const { rows } = await postgresOf(payload).drizzle.execute<{ id: string }>(sql`
    update ticketing_sync_runs set heartbeat_at = now()
    where ${stillOurs(run)}
    returning id`)
  if (rows.length === 0) throw runTakenOver(run.id)
}

/**
 * Takes the run's row in the write's transaction (`for share`: the run's own writes do not wait
 * for each other), or throws `runTakenOver`: a taking up (`recover.ts`, an update of the row)
 * waits for the writes that hold it, and the writes after it find the row another claim's.
 */
export const holdClaim = async ({ req, run }: { req: PayloadRequest; run: ClaimedRun }) => {
  const rows = await executeInRequest<{ id: string }>({
    req,
    query: sql`select id from ticketing_sync_runs where ${stillOurs(run)} for share`,
  })
  if (rows.length === 0) throw runTakenOver(run.id)
}
