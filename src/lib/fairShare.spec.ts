import { describe, expect, it } from 'vitest'

import { fairShare } from './fairShare'

const gate = () => {
  let open = () => {}
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

/** Tasks that run until the test ends them, one by one, recording when they start. */
const tasks = () => {
  const started: string[] = []
  const ends = new Map<string, () => void>()
  let now = 0
  let most = 0
  const task = (name: string) => () => {
    started.push(name)
    most = Math.max(most, ++now)
    const g = gate()
    ends.set(name, g.open)
    return g.opened.then(() => {
      now--
      return name
    })
  }
  const end = async (name: string) => {
    ends.get(name)!()
    ends.delete(name)
    await tick()
  }
  return { started, task, end, running: () => [...ends.keys()], most: () => most }
}

describe('fairShare', () => {
  it('runs its share at once for one owner and total for all; the rest wait their turn', async () => {
    const limit = fairShare({ perOwner: 2, total: 3, waitMs: 1_000, waitingPerOwner: 4 })
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

  it('starts a quiet owner on the next free place, however many a noisy one has queued', async () => {
    const limit = fairShare({ total: 4, waitMs: 5_000, waitingPerOwner: 60 })
    const t = tasks()
    const noisy = Array.from({ length: 50 }, (_, n) =>
      limit.run({ owner: 'noisy', task: t.task(`n${n}`) }),
    )
    await tick()
    // Alone, the noisy owner takes every place.
    expect(t.running()).toEqual(['n0', 'n1', 'n2', 'n3'])
    const quiet = limit.run({ owner: 'quiet', task: t.task('q0') })
    await tick()
    expect(t.started).not.toContain('q0')
    // One task's time later the quiet owner runs, ahead of 46 waiting.
    await t.end('n0')
    expect(t.running()).toEqual(['n1', 'n2', 'n3', 'q0'])
    await t.end('q0')
    expect(await quiet).toEqual({ value: 'q0' })
    while (t.running().length > 0) await t.end(t.running()[0]!)
    expect((await Promise.all(noisy)).every((answer) => 'value' in answer)).toBe(true)
    expect(t.most()).toBe(4)
  })

  it('shares the places out as owners come: each gets ⌊total / active⌋, the whole when alone', async () => {
    const limit = fairShare({ total: 4, waitMs: 5_000, waitingPerOwner: 20 })
    const t = tasks()
    const noisy = Array.from({ length: 10 }, (_, n) =>
      limit.run({ owner: 'noisy', task: t.task(`n${n}`) }),
    )
    await tick()
    const quiet = Array.from({ length: 3 }, (_, n) =>
      limit.run({ owner: 'quiet', task: t.task(`q${n}`) }),
    )
    await tick()
    for (const name of ['n0', 'n1', 'n2']) await t.end(name)
    // Two each: the noisy owner's share fell to half while the quiet one has work.
    expect(limit.state().running).toEqual({ noisy: 2, quiet: 2 })
    for (const name of ['q0', 'q1', 'n3']) await t.end(name)
    expect(limit.state().running).toEqual({ noisy: 2, quiet: 1 })
    await t.end('q2')
    // The quiet owner is done: the noisy one has the whole again.
    expect(limit.state().running).toEqual({ noisy: 4 })
    while (t.running().length > 0) await t.end(t.running()[0]!)
    await Promise.all([...noisy, ...quiet])
    expect(t.most()).toBe(4)
    expect(limit.state()).toEqual({ running: {}, waiting: {} })
  })

  it('gives a free place round robin, not first come', async () => {
    const limit = fairShare({ total: 1, waitMs: 5_000, waitingPerOwner: 5 })
    const t = tasks()
    const runs = [
      limit.run({ owner: 'a', task: t.task('a1') }),
      limit.run({ owner: 'a', task: t.task('a2') }),
      limit.run({ owner: 'a', task: t.task('a3') }),
      limit.run({ owner: 'b', task: t.task('b1') }),
      limit.run({ owner: 'c', task: t.task('c1') }),
      limit.run({ owner: 'b', task: t.task('b2') }),
    ]
    await tick()
    while (t.running().length > 0) await t.end(t.running()[0]!)
    await Promise.all(runs)
    expect(t.started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3'])
  })

  it("refuses a flooding owner as its own ('owner'), and others only after a fair wait ('total')", async () => {
    const limit = fairShare({ total: 2, waitMs: 40, waitingPerOwner: 10 })
    const t = tasks()
    const noisy = Array.from({ length: 50 }, (_, n) =>
      limit.run({ owner: 'noisy', task: t.task(`n${n}`) }),
    )
    await tick()
    const refused = (await Promise.all(noisy.slice(12))).filter((answer) => 'over' in answer)
    // Two run, ten wait, the 38 past its waiting bound are refused at once, as its own.
    expect(refused).toEqual(Array(38).fill({ over: 'owner' }))
    // Its waiting ones, held back by its own share, time out as its own too.
    expect(await Promise.all(noisy.slice(2, 12))).toEqual(Array(10).fill({ over: 'owner' }))
    // Another owner, waiting its turn while every place is held past the wait: the total's.
    expect(await limit.run({ owner: 'quiet', task: t.task('q0') })).toEqual({ over: 'total' })
    await t.end('n0')
    await t.end('n1')
    expect(await Promise.all(noisy.slice(0, 2))).toEqual([{ value: 'n0' }, { value: 'n1' }])
    expect(limit.state()).toEqual({ running: {}, waiting: {} })
  })

  it('bounds the waiters of every owner together when waiting holds something scarce', async () => {
    const limit = fairShare({ total: 1, waitMs: 1_000, waitingPerOwner: 2, waitingTotal: 3 })
    const t = tasks()
    const first = limit.run({ owner: 'a', task: t.task('a0') })
    // Made-up owners each have their own waiting places, but not more than three in all.
    const others = ['b', 'c', 'd', 'e', 'f'].map((owner) =>
      limit.run({ owner, task: t.task(owner) }),
    )
    await tick()
    expect(await Promise.all(others.slice(3))).toEqual([{ over: 'total' }, { over: 'total' }])
    expect(limit.state().waiting).toEqual({ b: 1, c: 1, d: 1 })
    for (const name of ['a0', 'b', 'c', 'd']) await t.end(name)
    expect(await first).toEqual({ value: 'a0' })
    expect(await Promise.all(others.slice(0, 3))).toEqual(
      ['b', 'c', 'd'].map((value) => ({ value })),
    )
  })

  it('frees its place when a task fails, and a place acquired is released once', async () => {
    const limit = fairShare({ perOwner: 1, total: 1, waitMs: 10, waitingPerOwner: 1 })
    await expect(
      limit.run({ owner: 'a', task: async () => Promise.reject(new Error('boom')) }),
    ).rejects.toThrow('boom')
    const place = await limit.acquire({ owner: 'a' })
    if (!('release' in place)) throw new Error('no place')
    place.release()
    place.release()
    expect(limit.state()).toEqual({ running: {}, waiting: {} })
    expect(await limit.run({ owner: 'a', task: async () => 'ok' })).toEqual({ value: 'ok' })
  })
})
