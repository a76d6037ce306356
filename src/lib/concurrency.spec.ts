import { describe, expect, it } from 'vitest'

import { concurrencyLimit } from './concurrency'

const gate = () => {
  let open = () => {}
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

describe('concurrencyLimit', () => {
  it('runs at most perOwner at once for one owner and total for all, and frees on the way out', async () => {
    const limit = concurrencyLimit({ perOwner: 2, total: 3 })
    const g = gate()
    const a1 = limit.run({ owner: 'a', task: () => g.opened.then(() => 1) })
    const a2 = limit.run({ owner: 'a', task: () => g.opened.then(() => 2) })
    expect(await limit.run({ owner: 'a', task: async () => 3 })).toEqual({ over: 'owner' })
    const b1 = limit.run({ owner: 'b', task: () => g.opened.then(() => 4) })
    expect(await limit.run({ owner: 'c', task: async () => 5 })).toEqual({ over: 'total' })
    g.open()
    expect(await Promise.all([a1, a2, b1])).toEqual([{ value: 1 }, { value: 2 }, { value: 4 }])
    expect(await limit.run({ owner: 'a', task: async () => 6 })).toEqual({ value: 6 })
  })

  it('frees a place when a task fails', async () => {
    const limit = concurrencyLimit({ perOwner: 1, total: 1 })
    await expect(
      limit.run({ owner: 'a', task: async () => Promise.reject(new Error('boom')) }),
    ).rejects.toThrow('boom')
    expect(await limit.run({ owner: 'a', task: async () => 'ok' })).toEqual({ value: 'ok' })
  })
})
