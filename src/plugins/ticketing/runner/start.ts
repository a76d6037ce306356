import type { Payload } from 'payload'

import { fairQueue, fairQueueBounds } from '../../../lib/fairQueues'
import { runPeriodically } from '../../../lib/periodic'
import { pruneEveryMs } from '../defaults'
import { ticketingOptions } from '../options'
import { claimRun, releaseRun, type ClaimedRun } from './claim'
import { executeRun } from './execute'
import { pruneSyncRuns } from './prune'
import { recoverStaleRuns } from './recover'
import { queueScheduledRuns } from './schedule'
import { registerRunner } from './wake'

/**
 * This instance's runner: every poll it takes up runs left by dead instances, queues the
 * schedule's runs, and claims queued runs while it has room (the `ticketing` fair queue's
 * places), each run under its tenant's share. Shutdown stops the polls; a run in progress is
 * left to its heartbeat, and another instance takes it up once that stops.
 */
export const startRunner = (payload: Payload): void => {
  const options = ticketingOptions(payload.config)
  const room = fairQueueBounds.ticketing().total
  const queue = fairQueue({ name: 'ticketing' })
  let running = 0
  let polling = false
  let again = false
  let stopped = false

  const runClaimed = async (run: ClaimedRun): Promise<void> => {
    const done = await queue.run({
      owner: run.tenantId,
      task: () => executeRun({ payload, run, deadlineMs: options.runDeadlineMs }),
    })
    if ('over' in done) await releaseRun({ payload, run })
  }

  const poll = async (): Promise<void> => {
    if (stopped) return
    if (polling) {
      again = true
      return
    }
    polling = true
    try {
      await recoverStaleRuns(payload)
      await queueScheduledRuns(payload)
      while (running < room && !stopped) {
        const run = await claimRun(payload)
        if (!run) break
        running++
        runClaimed(run)
          .catch((err: unknown) =>
            payload.logger.error({ err, msg: `ticketing: run ${run.id} could not be settled` }),
          )
          .finally(() => {
            running--
            wake()
          })
      }
    } finally {
      polling = false
    }
    if (again) {
      again = false
      await poll()
    }
  }
  const wake = () => {
    poll().catch((err: unknown) => payload.logger.warn({ err, msg: 'ticketing: the poll failed' }))
  }

  registerRunner({ payload, wake })
  runPeriodically({
    name: 'ticketing runner',
    everyMs: options.pollMs,
    firstMs: options.pollMs,
    run: wake,
    stop: () => {
      stopped = true
    },
  })
  runPeriodically({
    name: 'ticketing run retention',
    everyMs: pruneEveryMs,
    run: () => {
      pruneSyncRuns({ payload, retentionDays: options.runRetentionDays }).catch((err: unknown) =>
        payload.logger.warn({ err, msg: 'ticketing: pruning runs failed' }),
      )
    },
  })
}
