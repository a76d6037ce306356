import type { Payload } from 'payload'

import { executeSync } from '../engine/executeSync'
import { heartbeatEveryMs } from '../defaults'
import { noCounts, type RunOutcome } from '../types'
import type { ClaimedRun } from './claim'
import { engineConnection } from './connection'
import { beat, settleRun } from './settle'

const failed = (message: string): RunOutcome => ({
  status: 'failed',
  counts: noCounts(),
  errors: [],
  plan: [],
  message,
})

const minutes = (ms: number) => `${Math.round(ms / 60_000)} min`

/**
 * Runs a claimed run to its end: the engine under the run's deadline, the heartbeat kept by a
 * timer (and by the engine between records), and the outcome stored whatever happened: a
 * thrown error fails the run with its message and never leaves it running.
 */
export const executeRun = async ({
  payload,
  run,
  deadlineMs,
}: {
  payload: Payload
  run: ClaimedRun
  deadlineMs: number
}): Promise<RunOutcome> => {
  // One line per execution: what an operator (and the two-instance test) counts.
  payload.logger.info({ msg: `ticketing: run ${run.id} started (attempt ${run.attempts})` })
  const heartbeat = () => beat({ payload, run })
  const timer = setInterval(() => {
    heartbeat().catch((err: unknown) =>
      payload.logger.warn({ err, msg: `ticketing: heartbeat of run ${run.id} failed` }),
    )
  }, heartbeatEveryMs)
  timer.unref()
  let overdue: NodeJS.Timeout | undefined
  let outcome: RunOutcome
  try {
    const connection = run.connectionId
      ? await engineConnection({ payload, id: run.connectionId })
      : undefined
    if (!connection) outcome = failed('The connection was deleted before the run started.')
    else {
      const deadline = Date.now() + deadlineMs
      outcome = await Promise.race([
        executeSync({
          payload,
          run: {
            runId: run.id,
            connection,
            dryRun: run.dryRun,
            confirmRemovals: run.confirmRemovals,
            deadline,
            heartbeat,
          },
        }),
        new Promise<RunOutcome>((resolve) => {
          overdue = setTimeout(
            () => resolve(failed(`The run did not finish within ${minutes(deadlineMs)}.`)),
            deadlineMs + 5_000,
          )
          overdue.unref()
        }),
      ])
    }
  } catch (err) {
    outcome = failed(err instanceof Error && err.message ? err.message : 'The sync failed.')
  } finally {
    clearInterval(timer)
    clearTimeout(overdue)
  }
  await settleRun({ payload, run, outcome })
  return outcome
}
