import { describe, expect, it } from 'vitest'

import type { Step } from './plan'
import { dryRunPlanSteps, reportedPlan, runPlanSteps } from './planReport'

const steps = (n: number): Step[] =>
  Array.from({ length: n }, (_, i) => ({
    entry: { action: 'create', kind: 'event-instances', externalId: `I${i}`, changes: [] },
    data: {},
    draft: false,
    link: { sourceHash: 'h', hiddenBySync: false },
  }))

describe('reportedPlan', () => {
  it('keeps a small plan whole, without a note', () => {
    expect(reportedPlan({ steps: steps(3), dryRun: false })).toEqual({
      plan: steps(3).map((s) => s.entry),
    })
  })

  it("keeps a real run's first steps and a dry run's first few thousand, and says so", () => {
    const run = reportedPlan({ steps: steps(25_000), dryRun: false })
    expect(run.plan).toHaveLength(runPlanSteps)
    expect(run.note).toBe(
      'The plan lists the first 200 of 25,000 writes; the counts include them all.',
    )
    const dry = reportedPlan({ steps: steps(25_000), dryRun: true })
    expect(dry.plan).toHaveLength(dryRunPlanSteps)
    expect(dry.plan[0]?.externalId).toBe('I0')
    expect(dry.note).toMatch(/first 2,000 of 25,000/)
  })
})
