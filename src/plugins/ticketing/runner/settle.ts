import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { postgresOf } from '../../../db/postgres'
import type { RunOutcome } from '../types'
import type { ClaimedRun } from './claim'

/** What a run's message keeps: an engine's error may quote a whole answer. */
const messageChars = 2_000

/**
 * Stores a run's outcome, if the run is still this instance's (one taken up again elsewhere
 * after this instance's heartbeat stopped belongs to that instance now), and makes it its
 * connection's last run.
 */
export const settleRun = async ({
  payload,
  run,
  outcome,
}: {
  payload: Payload
  run: ClaimedRun
  outcome: RunOutcome
}): Promise<void> => {
  const { counts } = outcome
  await postgresOf(payload).drizzle.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      update ticketing_sync_runs
      set status = ${outcome.status}, finished_at = now(), heartbeat_at = now(), updated_at = now(),
        counts_created = ${counts.created}, counts_updated = ${counts.updated},
        counts_unchanged = ${counts.unchanged}, counts_cancelled = ${counts.cancelled},
        counts_removed = ${counts.removed}, counts_failed = ${counts.failed},
        errors = ${JSON.stringify(outcome.errors)}::jsonb,
        plan = ${JSON.stringify(outcome.plan)}::jsonb,
        message = ${outcome.message?.slice(0, messageChars) ?? null},
        needs_confirmation = ${outcome.needsConfirmation === true}
      where id = ${run.id} and status = 'running' and attempts = ${run.attempts}
      returning id`)
    if (rows.length === 0 || !run.connectionId) return
    await tx.execute(sql`
      update ticketing_connections set last_run_id = ${run.id}
      where id = ${run.connectionId}`)
  })
}

/** Keeps the run alive in everyone's eyes: a run whose heartbeat stops is taken up again. */
export const beat = async ({ payload, run }: { payload: Payload; run: ClaimedRun }) => {
  await postgresOf(payload).drizzle.execute(sql`
    update ticketing_sync_runs set heartbeat_at = now()
    where id = ${run.id} and status = 'running' and attempts = ${run.attempts}`)
}
