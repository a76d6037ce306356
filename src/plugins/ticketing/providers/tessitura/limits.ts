// Private copies until H2's `providers/limits.ts` lands: replace with it at merge.
import { ProviderError } from '../http'

/** A window over the run's cap: fails the run before anything is written. */
export const tooMany = ({
  what,
  count,
  maxRecords,
  atLeast = false,
}: {
  what: string
  count: number
  maxRecords: number
  atLeast?: boolean
}): ProviderError =>
  new ProviderError(
    `Tessitura lists ${atLeast ? 'more than ' : ''}${(atLeast ? maxRecords : count).toLocaleString('en-GB')} ` +
      `${what} in the window; a run takes at most ${maxRecords.toLocaleString('en-GB')} ` +
      "(TICKETING_MAX_RECORDS). Shorten the connection's days ahead, or choose the performances of its events.",
  )

/** `items` in lists of at most `size` (Tessitura takes 100 ids a call). */
export const chunks = <T>(items: readonly T[], size = 100): T[][] => {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}
