import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { postgresOf } from '../../../db/postgres'
import { maxAttempts, staleAfterMs } from '../defaults'

/**
 * Runs whose heartbeat stopped (their instance went away mid-run) are queued again; one that
 * has been taken up `maxAttempts` times is given up, saying why. The engine's transactions
 * commit whole and each holds the run's claim, so a run taken up again waits for the writes
 * under way, finds the records they did and goes on.
 */
export const recoverStaleRuns = async (payload: Payload): Promise<void> => {
  const db = postgresOf(payload).drizzle
  const stale = sql`status = 'running' and heartbeat_at < now() - ${`${staleAfterMs} milliseconds`}::interval`
  await db.execute(sql`
    update ticketing_sync_runs
    set status = 'failed', finished_at = now(), updated_at = now(),
      message = ${`The run stopped ${maxAttempts} times without finishing (the server running it went away each time); it was given up.`}
    where ${stale} and attempts >= ${maxAttempts}`)
  await db.execute(sql`
    update ticketing_sync_runs
    set status = 'queued', updated_at = now()
    where ${stale} and attempts < ${maxAttempts}`)
}
