import { describe, expect, it } from 'vitest'

import { timeSlices } from './timeSlices'

const busy = (ms: number) => {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // Synchronous work, as rendering is.
  }
}

describe('timeSlices', () => {
  it('lets other work run between slices of a long synchronous loop', async () => {
    const slices = timeSlices({ sliceMs: 4 })
    let ranBetween = 0
    const other = setInterval(() => ranBetween++, 0)
    for (let i = 0; i < 20; i++) {
      busy(2)
      await slices.pause()
    }
    clearInterval(other)
    // Forty milliseconds of work in slices of about four: the timer ran between them.
    expect(ranBetween).toBeGreaterThanOrEqual(5)
  })

  it('does not yield while the slice lasts', async () => {
    const slices = timeSlices({ sliceMs: 1_000 })
    let yielded = false
    setImmediate(() => (yielded = true))
    for (let i = 0; i < 100; i++) await slices.pause()
    expect(yielded).toBe(false)
  })
})
