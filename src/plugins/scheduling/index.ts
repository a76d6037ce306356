import type { Plugin } from 'payload'

import { runPeriodically } from '../../lib/periodic'
import { pollIntervalMs } from './defaults'
import { cancelScheduledOnMove } from './hooks/cancelOnMove'
import { runDueJobs } from './runner/runDueJobs'
import { namedHooks } from '../../lib/hookNames'

export type SchedulingOptions = {
  /** How often each instance looks for due changes. */
  pollMs?: number
}

const closed = () => false

/**
 * Scheduled publishing: collections opt in with `versions.drafts.schedulePublish`, Payload's
 * task does the change, and every instance polls the queue with only one running it at a time
 * (`runner/runDueJobs.ts`). Payload's REST endpoints that run or queue jobs are closed: jobs are
 * queued only through `operations/scheduledChanges.ts`, after its checks, and run only by the
 * runner.
 */
export const scheduling =
  ({ pollMs = pollIntervalMs }: SchedulingOptions = {}): Plugin =>
  (config) => ({
    ...config,
    collections: (config.collections ?? []).map((collection) => {
      const drafts =
        typeof collection.versions === 'object' ? collection.versions.drafts : undefined
      if (typeof drafts !== 'object' || !drafts.schedulePublish) return collection
      return {
        ...collection,
        hooks: {
          ...collection.hooks,
          beforeChange: [
            ...(collection.hooks?.beforeChange ?? []),
            ...namedHooks({ cancelScheduledOnMove }),
          ],
        },
      }
    }),
    jobs: {
      ...config.jobs,
      access: { run: closed, queue: closed, cancel: closed },
    },
    onInit: async (payload) => {
      await config.onInit?.(payload)
      runPeriodically({
        name: 'scheduled changes',
        everyMs: pollMs,
        firstMs: pollMs,
        run: () => {
          runDueJobs(payload).catch((err: unknown) =>
            payload.logger.warn({ err, msg: 'scheduled changes: the run failed' }),
          )
        },
      })
    },
  })
