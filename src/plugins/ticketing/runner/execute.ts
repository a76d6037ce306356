import type { Payload } from 'payload'

import { executeAvailability } from '../engine/executeAvailability'
import { executeSync } from '../engine/executeSync'
import { heartbeatEveryMs } from '../defaults'
import { noCounts, type RunOutcome } from '../types'
import type { ClaimedRun } from './claim'
import { engineConnection } from './connection'
import { beat, holdClaim, isRunTakenOver, runTakenOver, settleRun } from './settle'

const failed = (message: string): RunOutcome => ({
  status: 'failed',
  counts: noCounts(),
  errors: [],
  plan: [],
  message,
})

const minutes = (ms: number) => `${Math.round(ms / 60_000)} min`

/**
 * Runs a claimed run to its end: the engine of its kind (a full sync, or an availability
 * refresh) under the run's deadline, the heartbeat kept by a
 * timer (and by the engine between records), and the outcome stored whatever happened: a
 * thrown error fails the run with its message and never leaves it running.
 *
 * A heartbeat (the timer's or the engine's) that finds the row no longer this claim's (taken up
 * again by another instance after this one's beats stopped, or deleted) ends this copy: the
 * engine's next heartbeat throws, which it turns into a failed outcome, and from then on the
 * run reads as past its deadline, which the engine checks before each group of records. Each
 * write transaction also starts by taking the run's row (`holdClaim`): the taking up waits for
 * the writes under way, and no later write commits. That outcome is not stored: the row is the
 * other claim's.
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
  let lost = false
  // A check of the claim that finds it gone marks this copy lost.
  const checked = async (check: () => Promise<void>): Promise<void> => {
    try {
      await check()
    } catch (err) {
      if (isRunTakenOver(err)) lost = true
      throw err
    }
  }
  const heartbeat = async (): Promise<void> => {
    if (lost) throw runTakenOver(run.id)
    await checked(() => beat({ payload, run }))
  }
  const timer = setInterval(() => {
    heartbeat().catch((err: unknown) => {
      if (lost) clearInterval(timer)
      else payload.logger.warn({ err, msg: `ticketing: heartbeat of run ${run.id} failed` })
    })
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
      const engine = run.kind === 'availability' ? executeAvailability : executeSync
      outcome = await Promise.race([
        engine({
          payload,
          run: {
            runId: run.id,
            connection,
            dryRun: run.dryRun,
            confirmRemovals: run.confirmRemovals,
            get deadline() {
              return lost ? 0 : deadline
            },
            heartbeat,
            holdClaim: (req) => checked(() => holdClaim({ req, run })),
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
  const stored = await settleRun({ payload, run, outcome })
  if (!stored)
    payload.logger.warn({
      msg: `ticketing: run ${run.id} (attempt ${run.attempts}) ended ${outcome.status} but is no longer this server's; its outcome was not stored${outcome.message ? `: ${outcome.message}` : ''}`,
    })
  return outcome
}
