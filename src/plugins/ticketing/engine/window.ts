import type { Window } from '../providers/types'

/** From the start of today (UTC) to `daysAhead` days from now: what a run reads. */
export const windowOf = ({ now, daysAhead }: { now: Date; daysAhead: number }): Window => ({
  from: new Date(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`),
  to: new Date(now.getTime() + Math.max(0, daysAhead) * 86_400_000),
})
