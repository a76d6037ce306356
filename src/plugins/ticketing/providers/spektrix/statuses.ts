import { eachLimited } from '../limits'
import { readStatus, type SpektrixInstance, type SpektrixStatus } from './shapes'

/** Status calls under way at once, over one keep-alive agent. */
const statusConcurrency = 8

/** A signed (or web-mode) call to the connection's API, as `index.ts` makes it. */
export type SpektrixGet = (args: {
  path: string
  query?: Record<string, string>
  what: string
}) => Promise<unknown>

/**
 * The seats of each instance that is on sale (`instances/{id}/status`, 8 at a time): what the
 * full read and the availability refresh both ask; the others need none.
 */
export const readStatuses = async ({
  get,
  instances,
}: {
  get: SpektrixGet
  instances: readonly SpektrixInstance[]
}): Promise<Map<string, SpektrixStatus>> => {
  const statuses = new Map<string, SpektrixStatus>()
  const onSale = instances.filter((i) => !i.cancelled && i.isOnSale)
  await eachLimited(onSale, statusConcurrency, async (instance) => {
    statuses.set(
      instance.id,
      readStatus(
        await get({
          path: `instances/${encodeURIComponent(instance.id)}/status`,
          what: `the status of instance ${instance.id}`,
        }),
      ),
    )
  })
  return statuses
}
