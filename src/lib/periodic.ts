import { outsideRequests } from './requestContext'
import { onShutdown } from './shutdown'

/**
 * Runs `run` every `everyMs` in this process, first after `firstMs` (a process that migrates
 * after init has its tables by then), without keeping the process alive; stopped on shutdown.
 * `run` reports its own failures.
 */
export const runPeriodically = ({
  name,
  run,
  everyMs,
  firstMs = 60_000,
  stop,
}: {
  name: string
  run: () => void
  everyMs: number
  firstMs?: number
  /** More to do on shutdown, after the timers are stopped. */
  stop?: () => Promise<void> | void
}): void => {
  // Started by whatever first needed it, maybe a request: the runs belong to none.
  const [first, timer] = outsideRequests(() => [
    setTimeout(run, firstMs),
    setInterval(run, everyMs),
  ])
  first.unref()
  timer.unref()
  onShutdown({
    name,
    hook: async () => {
      clearTimeout(first)
      clearInterval(timer)
      await stop?.()
    },
  })
}
