import type { Payload } from 'payload'

import { fairQueue, fairQueueBounds, type FairQueueName } from '../../../lib/fairQueues'
import { runPeriodically } from '../../../lib/periodic'
import { pruneEveryMs } from '../defaults'
import { ticketingOptions } from '../options'
import { providers } from '../providers/registry'
import type { RunKind, SyncProviderName } from '../types'
import { claimRun, releaseRun, type ClaimedRun } from './claim'
import { executeRun } from './execute'
import { pruneSyncRuns } from './prune'
import { recoverStaleRuns } from './recover'
import { queueScheduledRefreshes, queueScheduledRuns } from './schedule'
import { registerRunner } from './wake'

/** The providers whose module reads availability: only their connections get refreshes. */
const refreshableProviders = (): SyncProviderName[] =>
  Object.values(providers).flatMap((p) => (p?.readAvailability ? [p.name] : []))

/**
 * This instance's runner: every poll it takes up runs left by dead instances, queues the
 * schedule's full syncs and availability refreshes, and claims queued runs of each kind while
 * that kind has room (its own fair queue's places: `ticketing` for full syncs, `ticketingLive`
 * for refreshes, so long syncs never hold up a refresh), each run under its tenant's share.
 * Shutdown stops the polls; a run in progress is left to its heartbeat, and another instance
 * takes it up once that stops.
 */
export const startRunner = (payload: Payload): void => {
  const options = ticketingOptions(payload.config)
  const lanes: { kind: RunKind; queue: FairQueueName; deadlineMs: number; running: number }[] = [
    { kind: 'sync', queue: 'ticketing', deadlineMs: options.runDeadlineMs, running: 0 },
    {
      kind: 'availability',
      queue: 'ticketingLive',
      deadlineMs: options.availabilityDeadlineMs,
      running: 0,
    },
  ]
  let polling = false
  let again = false
  let stopped = false

  const runClaimed = async ({
    run,
    lane,
  }: {
    run: ClaimedRun
    lane: (typeof lanes)[number]
  }): Promise<void> => {
    const done = await fairQueue({ name: lane.queue }).run({
      owner: run.tenantId,
      task: () => executeRun({ payload, run, deadlineMs: lane.deadlineMs }),
    })
    if ('over' in done) await releaseRun({ payload, run })
  }

  const claimAll = async (lane: (typeof lanes)[number]): Promise<void> => {
    const room = fairQueueBounds[lane.queue]().total
    while (lane.running < room && !stopped) {
      const run = await claimRun(payload, lane.kind)
      if (!run) break
      lane.running++
      runClaimed({ run, lane })
        .catch((err: unknown) =>
          payload.logger.error({ err, msg: `ticketing: run ${run.id} could not be settled` }),
        )
        .finally(() => {
          lane.running--
          wake()
        })
    }
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
      await queueScheduledRefreshes({ payload, providers: refreshableProviders() })
      for (const lane of lanes) await claimAll(lane)
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
      pruneSyncRuns({
        payload,
        retentionDays: options.runRetentionDays,
        availabilityRetentionHours: options.availabilityRetentionHours,
      }).catch((err: unknown) =>
        payload.logger.warn({ err, msg: 'ticketing: pruning runs failed' }),
      )
    },
  })
}
