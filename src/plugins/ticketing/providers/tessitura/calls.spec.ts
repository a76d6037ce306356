import { describe, expect, it } from 'vitest'

import { chunks } from '../limits'
import { batchDays, dateBatches, idsPerCall } from './calls'

describe('tessitura call batches', () => {
  it('cuts the window into back-to-back batches of at most 31 days', () => {
    const from = new Date('2026-01-01T10:00:00.000Z')
    const to = new Date('2026-03-15T10:00:00.000Z')
    const batches = dateBatches({ from, to })
    expect(batches).toHaveLength(3)
    expect(batches[0]!.from).toEqual(from)
    expect(batches.at(-1)!.to).toEqual(to)
    for (const [n, batch] of batches.entries()) {
      expect(batch.to.getTime() - batch.from.getTime()).toBeLessThan(batchDays * 86_400_000)
      if (n > 0) expect(batch.from.getTime()).toBe(batches[n - 1]!.to.getTime() + 1)
    }
  })

  it('asks at most 100 ids a call', () => {
    const ids = Array.from({ length: 250 }, (_, n) => String(n))
    expect(chunks(ids, idsPerCall).map((c) => c.length)).toEqual([100, 100, 50])
    expect(chunks([], idsPerCall)).toEqual([])
  })
})
