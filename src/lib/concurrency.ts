/** What one kind of work may take at once, in this process. */
export type ConcurrencyBounds = {
  /** Tasks running at once for one owner (a tenant). */
  perOwner: number
  /** Tasks running at once for everyone. */
  total: number
  /** How long a task may wait for a place before it is refused. */
  waitMs: number
  /** Tasks of one owner that may wait at once; more are refused at once. */
  waitingPerOwner: number
}

type Waiter = { owner: string; wake: () => void }

/**
 * At most `perOwner` tasks at once for one owner and `total` for everyone: work that holds a
 * database connection for long, or a shared worker, cannot be taken whole by one tenant. A
 * task over a bound waits its turn a short while (a burst is served, in order), and past that
 * is refused, saying which bound it was over, so the caller answers rather than queues.
 */
export const concurrencyLimit = ({
  perOwner,
  total,
  waitMs,
  waitingPerOwner,
}: ConcurrencyBounds) => {
  const running = new Map<string, number>()
  let all = 0
  const waiting: Waiter[] = []
  const mine = (owner: string) => running.get(owner) ?? 0
  const fits = (owner: string) => mine(owner) < perOwner && all < total
  const take = (owner: string) => {
    running.set(owner, mine(owner) + 1)
    all++
  }
  const release = (owner: string) => {
    all--
    if (mine(owner) > 1) running.set(owner, mine(owner) - 1)
    else running.delete(owner)
    // The place goes to the first waiter it fits, taken for it before it wakes.
    const next = waiting.findIndex((waiter) => fits(waiter.owner))
    if (next >= 0) {
      const [waiter] = waiting.splice(next, 1)
      take(waiter!.owner)
      waiter!.wake()
    }
  }
  const overWhich = (owner: string): 'owner' | 'total' =>
    mine(owner) >= perOwner ? 'owner' : 'total'
  const placed = (owner: string): Promise<boolean> => {
    if (fits(owner)) {
      take(owner)
      return Promise.resolve(true)
    }
    if (waiting.filter((waiter) => waiter.owner === owner).length >= waitingPerOwner)
      return Promise.resolve(false)
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        owner,
        wake: () => {
          clearTimeout(timer)
          resolve(true)
        },
      }
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(waiter), 1)
        resolve(false)
      }, waitMs)
      waiting.push(waiter)
    })
  }
  return {
    /** Runs `task` when it has a place, or answers which bound kept it out. */
    run: async <T>({
      owner,
      task,
    }: {
      owner: string
      task: () => Promise<T>
    }): Promise<{ value: T } | { over: 'owner' | 'total' }> => {
      if (!(await placed(owner))) return { over: overWhich(owner) }
      try {
        return { value: await task() }
      } finally {
        release(owner)
      }
    },
  }
}
