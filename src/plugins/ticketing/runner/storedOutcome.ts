import type { RunOutcome } from '../types'

/** What a run's message keeps: an engine's error may quote a whole answer. */
const messageChars = 2_000

/**
 * What a stored run keeps of its outcome: the engine answers a preview's plan of at most
 * 2,000 steps; a real run's steps and its record errors are capped here, so one run's row
 * stays a size a list and the admin can carry. `counts` always counts everything.
 */
export const storedRunLimits = { planSteps: 2_000, errors: 1_000 } as const

/** The outcome as stored: plan and errors capped, the errors left out said in the message. */
export const storedOutcome = (outcome: RunOutcome) => {
  const left = outcome.errors.length - storedRunLimits.errors
  const message = outcome.message?.slice(0, messageChars)
  const note = left > 0 ? `${left} more record errors are not listed.` : undefined
  return {
    plan: outcome.plan.slice(0, storedRunLimits.planSteps),
    errors: outcome.errors.slice(0, storedRunLimits.errors),
    message: [message, note].filter(Boolean).join(' ') || null,
  }
}
