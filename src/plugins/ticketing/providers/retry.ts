/**
 * How long `Retry-After` asks to wait, in ms from `now`: delta seconds or an HTTP date;
 * `undefined` when absent or unreadable (the back-off then decides alone).
 */
export const parseRetryAfter = ({
  value,
  now,
}: {
  value: string | string[] | undefined
  now: number
}): number | undefined => {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim()
  if (!raw) return undefined
  if (/^\d+$/.test(raw)) return Number(raw) * 1000
  // An HTTP date names its month; anything else Date.parse might take ("-5") is not one.
  const at = /[a-z]{3}/i.test(raw) ? Date.parse(raw) : Number.NaN
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - now)
}

/** Attempts of one provider call before the run fails: the first and four retries. */
export const maxAttempts = 5

/** The wait before retry `attempt` (1 = the first retry): 0.5 s, 1 s, 2 s, 4 s, capped at 30 s. */
export const backoffMs = (attempt: number): number => Math.min(30_000, 500 * 2 ** (attempt - 1))

/** Answers worth another try: the box office is busy, restarting or in maintenance. */
export const isRetryableStatus = (status: number): boolean => status === 429 || status >= 500
