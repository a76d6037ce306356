import { APIError } from 'payload'

/**
 * Decoding and resizing an image takes a core and up to a few hundred megabytes; this many run
 * at once per process, a few more wait, and the rest are told to come back (503). Each waiting
 * request holds a database connection (its transaction is open), so few may wait.
 */
const waiting: (() => void)[] = []
let running = 0

export const acquireImageSlot = async ({
  concurrency,
  maxWaiting = concurrency * 2,
}: {
  concurrency: number
  maxWaiting?: number
}): Promise<() => void> => {
  let released = false
  const release = (): void => {
    if (released) return
    released = true
    const next = waiting.shift()
    if (next) next()
    else running -= 1
  }
  if (concurrency <= 0) return () => undefined
  if (running < concurrency) {
    running += 1
    return release
  }
  if (waiting.length >= maxWaiting) {
    throw new APIError('Too many images are being processed; try again shortly.', 503)
  }
  await new Promise<void>((resolve) => waiting.push(resolve))
  return release
}
