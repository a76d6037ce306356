import { ProviderError } from './http'

/**
 * A window over the run's cap, in the provider's name: fails the run before anything is
 * written. `atLeast`: counting stopped at the cap, so the message says "more than".
 */
export const tooMany = ({
  label,
  what,
  count,
  maxRecords,
  atLeast = false,
}: {
  /** As editors read it: `provider.label` ("Spektrix"). */
  label: string
  what: string
  count: number
  maxRecords: number
  atLeast?: boolean
}): ProviderError =>
  new ProviderError(
    `${label} lists ${atLeast ? 'more than ' : ''}${(atLeast ? maxRecords : count).toLocaleString('en-GB')} ` +
      `${what} in the window; a run takes at most ${maxRecords.toLocaleString('en-GB')} ` +
      "(TICKETING_MAX_RECORDS). Shorten the connection's days ahead, or choose the performances of its events.",
  )

/**
 * Runs `task` over `items`, `limit` at a time (a provider's per-performance calls). The first
 * failure stops every worker before its next item (no more calls with the tenant's key to a
 * box office that just refused one), and is thrown once all calls under way have ended.
 */
export const eachLimited = async <T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> => {
  let next = 0
  let failure: { error: unknown } | undefined
  const worker = async (): Promise<void> => {
    while (!failure && next < items.length) {
      try {
        await task(items[next++]!)
      } catch (error) {
        failure ??= { error }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  if (failure) throw failure.error
}

/** `items` in lists of at most `size` (a box office that takes a bounded list of ids a call). */
export const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}
