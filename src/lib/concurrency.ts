/**
 * At most `perOwner` tasks at once for one owner (a tenant) and `total` for everyone, in this
 * process: work that holds a database connection for long, or a shared worker, cannot be taken
 * whole by one tenant. A task over either bound is not queued: the caller answers at once.
 */
export const concurrencyLimit = ({ perOwner, total }: { perOwner: number; total: number }) => {
  const running = new Map<string, number>()
  let all = 0
  return {
    /** Runs `task`, or answers which bound it is over without running it. */
    run: async <T>({
      owner,
      task,
    }: {
      owner: string
      task: () => Promise<T>
    }): Promise<{ value: T } | { over: 'owner' | 'total' }> => {
      const mine = running.get(owner) ?? 0
      if (mine >= perOwner) return { over: 'owner' }
      if (all >= total) return { over: 'total' }
      running.set(owner, mine + 1)
      all++
      try {
        return { value: await task() }
      } finally {
        all--
        const left = (running.get(owner) ?? 1) - 1
        if (left > 0) running.set(owner, left)
        else running.delete(owner)
      }
    },
  }
}
