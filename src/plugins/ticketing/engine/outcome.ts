import type { Payload } from 'payload'

import { ticketingOptions } from '../options'
import { makeGetJson } from '../providers/http'
import { noCounts, type Connection, type RecordError, type RunOutcome } from '../types'
import { reportedPlan, withNote } from './planReport'
import type { Step } from './plan'

export type Failed = (message: string, more?: Partial<RunOutcome>) => RunOutcome

/** A run's counts and errors as it goes, and how it ends when it fails: both kinds of run. */
export const runTally = () => {
  const counts = noCounts()
  const errors: RecordError[] = []
  const failed: Failed = (message, more = {}) => ({
    status: 'failed',
    counts,
    errors,
    plan: [],
    message,
    ...more,
  })
  return { counts, errors, failed }
}

/** The provider calls of one run: the installation's limits, the run's deadline, its tenant. */
export const runHttp = ({
  payload,
  connection,
  deadline,
  label,
}: {
  payload: Payload
  connection: Connection
  deadline: number
  label: string
}) => {
  const settings = ticketingOptions(payload.config)
  return makeGetJson({
    owner: connection.tenantId,
    deadline,
    timeoutMs: settings.httpTimeoutMs,
    maxBytes: settings.maxResponseBytes,
    allowedHosts: settings.allowedHosts,
    label,
  })
}

/** How a run that wrote its plan ends: its steps as done, or where the deadline stopped it. */
export const appliedOutcome = ({
  tally,
  steps,
  writes,
  stoppedAt,
  goesOn,
}: {
  tally: ReturnType<typeof runTally>
  steps: Step[]
  /** Every write the run meant to make. */
  writes: number
  stoppedAt: number | undefined
  /** "the next run goes on from there" */
  goesOn: string
}): RunOutcome => {
  const { counts, errors, failed } = tally
  const { plan, note } = reportedPlan({ steps, dryRun: false })
  if (stoppedAt !== undefined)
    return failed(
      withNote(
        `The run's deadline passed after ${stoppedAt} of ${writes} writes; ${goesOn}.`,
        note,
      )!,
      { plan },
    )
  return { status: 'succeeded', counts, errors, plan, ...(note ? { message: note } : {}) }
}
