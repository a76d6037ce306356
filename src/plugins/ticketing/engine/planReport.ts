import type { PlanEntry } from '../types'
import type { Step } from './plan'

/** The steps a dry run answers: enough to review; the rest are counted, not listed. */
export const dryRunPlanSteps = 2_000

/**
 * The steps a real run keeps in its record: what it did is in its counts, errors and the change
 * log; a run's record stays small however large the season.
 */
export const runPlanSteps = 200

/** The plan an outcome carries, at most `limit` steps, with a word on the rest. */
export const reportedPlan = ({
  steps,
  dryRun,
}: {
  steps: readonly Step[]
  dryRun: boolean
}): { plan: PlanEntry[]; note?: string } => {
  const limit = dryRun ? dryRunPlanSteps : runPlanSteps
  const plan: PlanEntry[] = []
  for (let i = 0; i < steps.length && i < limit; i++) plan.push(steps[i]!.entry)
  if (steps.length <= limit) return { plan }
  return {
    plan,
    note:
      `The plan lists the first ${limit.toLocaleString('en-GB')} of ` +
      `${steps.length.toLocaleString('en-GB')} writes; the counts include them all.`,
  }
}

/** `message` and `note` as one sentence after another, either optional. */
export const withNote = (message: string | undefined, note: string | undefined) =>
  [message, note].filter(Boolean).join(' ') || undefined
