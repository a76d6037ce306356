/** What one kind of shared work may take at once, in this process. */
export type FairShareBounds = {
  /** Tasks running at once for everyone. */
  total: number
  /**
   * Tasks running at once for one owner (a tenant) when it is alone; with others running or
   * waiting it gets its fair share of `total` instead, if that is less. Default: `total`.
   */
  perOwner?: number
  /** How long a task may wait for a place before it is refused. */
  waitMs: number
  /** Tasks of one owner that may wait at once; more are refused at once. */
  waitingPerOwner: number
  /**
   * Tasks that may wait at once in all, for work whose waiters hold something scarce (an open
   * transaction's connection); more are refused at once, as over everyone's. Default: no bound.
   */
  waitingTotal?: number
}

/**
 * Which bound kept a task out: `owner`, its own owner's (it has its share running and its
 * waiting places full, or waited held back by its own share: that tenant's own problem, 429);
 * `total`, everyone's (it waited its turn while others' work held every place: 503).
 */
export type FairShareRefusal = { over: 'owner' | 'total' }

type Waiter = { wake: () => void }

/**
 * The fair-share rule for every shared queue and limit: `total` places, and each owner (a
 * tenant) its share of them. Alone, an owner may use up to `perOwner` (by default all of
 * them); with others active each gets max(1, ⌊total / active owners⌋), so a tenant that floods
 * gets its own backlog while the others' work starts as soon as a place is free. A free place
 * goes to the waiting owner with the fewest running, and among equals to the one served
 * longest ago (round robin, not first come): a quiet tenant arriving behind a flood starts on
 * the next free place. An owner's waiting is bounded and so is every wait, and a refusal says
 * whose bound it was, so the caller answers at once instead of queueing without end.
 */
export const fairShare = ({
  total,
  perOwner = total,
  waitMs,
  waitingPerOwner,
  waitingTotal = Infinity,
}: FairShareBounds) => {
  const running = new Map<string, number>()
  const waiting = new Map<string, Waiter[]>()
  /** When each active owner was last given a place: the smallest goes first among equals. */
  const served = new Map<string, number>()
  let turn = 0
  let all = 0
  const mine = (owner: string) => running.get(owner) ?? 0
  const queued = (owner: string) => waiting.get(owner)?.length ?? 0
  const queuedAll = () => {
    let sum = 0
    for (const line of waiting.values()) sum += line.length
    return sum
  }
  /** Owners with work running or waiting. */
  const active = () => {
    let count = running.size
    for (const owner of waiting.keys()) if (!running.has(owner)) count++
    return count
  }
  /** The owner's share now, given how many owners are active (itself counted, if new). */
  const shareOf = (owner: string, owners = active()) => {
    const counted = running.has(owner) || waiting.has(owner) ? owners : owners + 1
    return Math.min(perOwner, Math.max(1, Math.floor(total / counted)))
  }
  const forget = (owner: string) => {
    if (!running.has(owner) && !waiting.has(owner)) served.delete(owner)
  }
  const take = (owner: string) => {
    running.set(owner, mine(owner) + 1)
    served.set(owner, ++turn)
    all++
  }
  /** Hands free places to waiters: fewest running first, then the one served longest ago. */
  const dispatch = () => {
    while (all < total) {
      const owners = active()
      let next: string | undefined
      for (const owner of waiting.keys()) {
        if (mine(owner) >= shareOf(owner, owners)) continue
        if (
          next === undefined ||
          mine(owner) < mine(next) ||
          (mine(owner) === mine(next) && (served.get(owner) ?? 0) < (served.get(next) ?? 0))
        )
          next = owner
      }
      if (next === undefined) return
      const line = waiting.get(next)!
      const waiter = line.shift()!
      if (line.length === 0) waiting.delete(next)
      take(next)
      waiter.wake()
    }
  }
  const release = (owner: string) => {
    all--
    if (mine(owner) > 1) running.set(owner, mine(owner) - 1)
    else running.delete(owner)
    forget(owner)
    // One owner fewer may mean a larger share for those still waiting.
    dispatch()
  }
  const placed = (owner: string): Promise<true | FairShareRefusal> => {
    if (queued(owner) === 0 && all < total && mine(owner) < shareOf(owner)) {
      take(owner)
      return Promise.resolve(true)
    }
    if (queued(owner) >= waitingPerOwner) return Promise.resolve({ over: 'owner' })
    if (queuedAll() >= waitingTotal) return Promise.resolve({ over: 'total' })
    return new Promise((resolve) => {
      const waiter: Waiter = {
        wake: () => {
          clearTimeout(timer)
          resolve(true)
        },
      }
      const timer = setTimeout(() => {
        const line = waiting.get(owner) ?? []
        line.splice(line.indexOf(waiter), 1)
        if (line.length === 0) waiting.delete(owner)
        // Held back by its own share, or by everyone's work while it had its turn coming.
        const over = mine(owner) >= shareOf(owner) ? 'owner' : 'total'
        forget(owner)
        dispatch()
        resolve({ over })
      }, waitMs)
      waiting.set(owner, [...(waiting.get(owner) ?? []), waiter])
      // A new owner shrinks the others' shares, never what they already run.
      dispatch()
    })
  }
  /** A place for the owner, held until `release` is called (once), or why there is none. */
  const acquire = async ({
    owner,
  }: {
    owner: string
  }): Promise<{ release: () => void } | FairShareRefusal> => {
    const answer = await placed(owner)
    if (answer !== true) return answer
    let released = false
    return {
      release: () => {
        if (released) return
        released = true
        release(owner)
      },
    }
  }
  return {
    acquire,
    /** Runs `task` when it has a place, or answers which bound kept it out. */
    run: async <T>({
      owner,
      task,
    }: {
      owner: string
      task: () => Promise<T>
    }): Promise<{ value: T } | FairShareRefusal> => {
      const place = await acquire({ owner })
      if ('over' in place) return place
      try {
        return { value: await task() }
      } finally {
        place.release()
      }
    },
    /** What runs and waits now, for tests and diagnostics. */
    state: () => ({
      running: Object.fromEntries(running),
      waiting: Object.fromEntries([...waiting].map(([owner, line]) => [owner, line.length])),
    }),
  }
}

export type FairShare = ReturnType<typeof fairShare>
