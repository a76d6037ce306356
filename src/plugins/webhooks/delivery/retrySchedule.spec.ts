import { describe, expect, it } from 'vitest'

import { optionDefaults } from '../defaults'
import { retryDelay } from './retrySchedule'

describe('retryDelay', () => {
  it('follows the schedule, then gives up', () => {
    const options = optionDefaults
    const waits = [1, 2, 3, 4, 5, 6, 7].map((attempts) =>
      retryDelay({ attempts, options, random: () => 0 }),
    )
    expect(waits).toEqual(optionDefaults.retryDelaysMs)
    expect(retryDelay({ attempts: 8, options })).toBeUndefined()
    // About a day from the first attempt to the last.
    const total = optionDefaults.retryDelaysMs.reduce((a, b) => a + b, 0)
    expect(total / 3_600_000).toBeGreaterThan(24)
    expect(total / 3_600_000).toBeLessThan(30)
  })

  it('spreads retries by at most a tenth', () => {
    const wait = retryDelay({ attempts: 2, options: optionDefaults, random: () => 0.999 })!
    expect(wait).toBeGreaterThan(optionDefaults.retryDelaysMs[1]!)
    expect(wait).toBeLessThanOrEqual(optionDefaults.retryDelaysMs[1]! * 1.1)
  })
})
