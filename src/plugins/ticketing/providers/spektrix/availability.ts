import type { LiveStatus, Window } from '../types'
import { availabilityOf, statusWords } from './map'
import { readInstances, type SpektrixInstance } from './shapes'
import { readStatuses, type SpektrixGet } from './statuses'

/**
 * The asked performances' current state. Spektrix documents no single-instance read (research
 * §1.1 lists only the instance list and `instances/{id}/status`), so `isOnSale` and `cancelled`
 * come from the instance list of the asked performances' dates only (a refresh 14 days ahead is
 * one call), then the status of each that is on sale, 8 at a time. A performance the list does
 * not hold is left out of the answer: vanishing is the full sync's judgement.
 */
export const readSpektrixAvailability = async ({
  get,
  instances,
  dateBatches,
}: {
  get: SpektrixGet
  instances: readonly { externalId: string; start: string }[]
  /** The full read's date batches (`index.ts`), so both read the list alike. */
  dateBatches: (window: Window) => { from: string; to: string }[]
}): Promise<LiveStatus[]> => {
  if (instances.length === 0) return []
  const asked = new Set(instances.map((i) => i.externalId))
  const starts = instances.map((i) => Date.parse(i.start)).filter((t) => !Number.isNaN(t))
  const window = { from: new Date(Math.min(...starts)), to: new Date(Math.max(...starts)) }
  const found = new Map<string, SpektrixInstance>()
  for (const batch of dateBatches(window)) {
    const answer = readInstances(
      await get({
        path: 'instances',
        query: { startFrom: batch.from, startTo: batch.to },
        what: `the instances from ${batch.from} to ${batch.to}`,
      }),
    )
    for (const instance of answer)
      if (asked.has(instance.id) && !found.has(instance.id)) found.set(instance.id, instance)
  }
  const statuses = await readStatuses({ get, instances: [...found.values()] })
  return [...found.values()].map((instance) => {
    const status = statuses.get(instance.id)
    return {
      externalId: instance.id,
      cancelled: instance.cancelled,
      onSale: instance.isOnSale && !instance.cancelled,
      availability: availabilityOf({
        cancelled: instance.cancelled,
        onSale: instance.isOnSale,
        status,
      }),
      providerStatus: statusWords({ instance, status }),
    }
  })
}
