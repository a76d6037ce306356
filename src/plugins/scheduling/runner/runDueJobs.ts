import type { Payload } from 'payload'

import { collectionTableName, postgresOf } from '../../../db/postgres'
import { withSessionLock } from '../../../db/sessionLock'
import { runBatch, runnerLock } from '../defaults'

/**
 * Runs the jobs that are due, in one instance at a time. Payload claims a job by reading it and
 * then marking it, so two instances running the queue together can both run it; a session
 * advisory lock makes this instance the only runner until it is done. Since only the lock's
 * holder runs jobs, a job still marked as processing when it takes the lock was left by an
 * instance that died mid-run: it is released to run again (a publish is idempotent).
 * Answers whether this instance ran the queue.
 */
export const runDueJobs = async (payload: Payload): Promise<boolean> => {
  const jobsTable = collectionTableName({ payload, collection: 'payload-jobs' })
  if (!jobsTable) return false
  const ran = await withSessionLock({
    payload,
    key: runnerLock,
    wait: false,
    work: async () => {
      await postgresOf(payload).pool.query(
        `update "${jobsTable}" set processing = false where processing and completed_at is null`,
      )
      // Soonest due first, batch after batch while whole batches were due (for a minute at
      // most): changes queued long ago for later never go before changes due now.
      const started = Date.now()
      for (;;) {
        const batch = await payload.jobs.run({
          limit: runBatch,
          allQueues: true,
          silent: true,
          processingOrder: 'waitUntil',
        })
        const count = 'jobStatus' in batch ? Object.keys(batch.jobStatus ?? {}).length : 0
        if (count < runBatch || Date.now() - started > 60_000) return
      }
    },
  })
  return ran.held
}
