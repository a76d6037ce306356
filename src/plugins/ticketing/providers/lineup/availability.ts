import type { Provider } from '../types'
import { lineupCaller, readDetails } from './call'
import { mapLive } from './map'

/**
 * The asked performances' details, and only theirs: each carries its counts and status. One
 * call per performance, 8 at a time (the list would carry the counts too, but reads every
 * performance of each event). One Line-Up no longer has is left out (the full sync judges
 * it vanished); all of them gone fails the run.
 */
export const readAvailability: NonNullable<Provider['readAvailability']> = async ({
  connection,
  getJson,
  instances,
}) => {
  const get = lineupCaller({ connection, getJson })
  const ids = [...new Set(instances.map((i) => i.externalId))]
  const detailed = await readDetails({ connection, get, ids, skipMissing: true })
  const now = new Date()
  return [...detailed.values()].map((performance) => mapLive({ performance, now }))
}
