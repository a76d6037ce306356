import { describe, expect, it } from 'vitest'

import { noCounts, type PlanEntry, type RecordError, type RunOutcome } from '../types'
import { storedOutcome, storedRunLimits } from './storedOutcome'

const entry = (n: number): PlanEntry => ({
  action: 'update',
  kind: 'event-instances',
  externalId: `I${n}`,
  changes: [],
})
const error = (n: number): RecordError => ({
  kind: 'event-instances',
  externalId: `I${n}`,
  message: 'refused',
})
const outcome = (more: Partial<RunOutcome>): RunOutcome => ({
  status: 'succeeded',
  counts: noCounts(),
  errors: [],
  plan: [],
  ...more,
})

describe('what a run stores of its outcome', () => {
  it('keeps a small outcome as it is', () => {
    expect(storedOutcome(outcome({ plan: [entry(1)], errors: [error(1)], message: 'x' }))).toEqual({
      plan: [entry(1)],
      errors: [error(1)],
      message: 'x',
    })
    expect(storedOutcome(outcome({})).message).toBeNull()
  })

  it('caps the plan and the errors, and says how many errors are not listed', () => {
    const stored = storedOutcome(
      outcome({
        plan: Array.from({ length: 2_001 }, (_, n) => entry(n)),
        errors: Array.from({ length: 1_003 }, (_, n) => error(n)),
        message: 'The deadline passed.',
      }),
    )
    expect(stored.plan).toHaveLength(storedRunLimits.planSteps)
    expect(stored.errors).toHaveLength(storedRunLimits.errors)
    expect(stored.message).toBe('The deadline passed. 3 more record errors are not listed.')
  })

  it('keeps 2,000 characters of a long message', () => {
    expect(storedOutcome(outcome({ message: 'm'.repeat(5_000) })).message).toHaveLength(2_000)
  })
})
