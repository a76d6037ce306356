import type { Provider } from '../types'
import { caller, readSeats, searchPerformances } from './calls'
import { isCancelled, isOffSale, liveStatus } from './map'
import type { TessituraPerformance } from './shapes'

/**
 * The asked performances' state: Search of their seasons in the window (status and sale flags),
 * then the zones of those on sale. Only the asked performances are answered; one Search did not
 * find is left as it is.
 */
export const readAvailability: NonNullable<Provider['readAvailability']> = async ({
  connection,
  getJson,
  instances,
  window,
}) => {
  if (!instances.length) return []
  const call = caller({ connection, getJson })
  const now = new Date()
  const asked = new Set(instances.map((i) => i.externalId))
  const found = new Map<string, TessituraPerformance>()
  await searchPerformances({
    call,
    window,
    seasonIds: [...new Set(instances.map((i) => i.eventExternalId))],
    keep: (performance) => {
      if (asked.has(performance.id) && !found.has(performance.id))
        found.set(performance.id, performance)
    },
  })
  const performances = [...found.values()]
  const seats = await readSeats(
    call,
    performances.filter((p) => !isCancelled(p) && !isOffSale(p, now)).map((p) => p.id),
  )
  return performances.map((performance) =>
    liveStatus({ performance, seats: seats.get(performance.id), now }),
  )
}
