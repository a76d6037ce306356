import { describe, expect, it } from 'vitest'

import { concurrencyLimit } from './concurrency'

const gate = () => {
  let open = () => {}
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('concurrencyLimit', () => {
  it('runs perOwner at once for one owner and total for all; the rest wait their turn', async () => {
    const limit = concurrencyLimit({ perOwner: 2, total: 3, waitMs: 1_000, waitingPerOwner: 4 })
    const g = gate()
    const started: string[] = []
    const task = (name: string) => () => {
      started.push(name)
      return g.opened.then(() => name)
    }
    const runs = [
      limit.run({ owner: 'a', task: task('a1') }),
      limit.run({ owner: 'a', task: task('a2') }),
      limit.run({ owner: 'a', task: task('a3') }),
      limit.run({ owner: 'b', task: task('b1') }),
      limit.run({ owner: 'c', task: task('c1') }),
    ]
    await tick()
    // a3 waits for a's share, c1 for the total; b1 fits.
    expect(started).toEqual(['a1', 'a2', 'b1'])
    g.open()
    expect(await Promise.all(runs)).toEqual(
      ['a1', 'a2', 'a3', 'b1', 'c1'].map((value) => ({ value })),
    )
    expect(started.sort()).toEqual(['a1', 'a2', 'a3', 'b1', 'c1'])
  })

  it('refuses past the wait, or past the waiting share, saying which bound', async () => {
    const limit = concurrencyLimit({ perOwner: 1, total: 2, waitMs: 30, waitingPerOwner: 1 })
    const g = gate()
    const holding = limit.run({ owner: 'a', task: () => g.opened })
    const waitingA = limit.run({ owner: 'a', task: async () => 'late' })
    expect(await limit.run({ owner: 'a', task: async () => 'x' })).toEqual({ over: 'owner' })
    expect(await waitingA).toEqual({ over: 'owner' })
    const holdingB = limit.run({ owner: 'b', task: () => g.opened })
    expect(await limit.run({ owner: 'c', task: async () => 'x' })).toEqual({ over: 'total' })
    g.open()
    await Promise.all([holding, holdingB])
    expect(await limit.run({ owner: 'c', task: async () => 'now' })).toEqual({ value: 'now' })
  })

  it('frees its place when a task fails', async () => {
    const limit = concurrencyLimit({ perOwner: 1, total: 1, waitMs: 10, waitingPerOwner: 1 })
    await expect(
      limit.run({ owner: 'a', task: async () => Promise.reject(new Error('boom')) }),
    ).rejects.toThrow('boom')
    expect(await limit.run({ owner: 'a', task: async () => 'ok' })).toEqual({ value: 'ok' })
  })
})
