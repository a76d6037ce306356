import { upcomingChanges } from '../../../plugins/scheduling/exports'
import type { PanelRead } from './scope'
import { refKey, titlesOf } from './titles'

export type ComingChange = {
  id: string
  collection: string
  record: string
  title: string
  action: string
  at: string
  tenant: string
}

/** Publishes and unpublishes still to come in the shown organisations, soonest first. */
export const comingChanges = async ({
  payload,
  user,
  scope,
  limit = 10,
}: PanelRead): Promise<ComingChange[]> => {
  const changes = (
    await Promise.all(
      scope.tenants.map(async (tenant) =>
        (await upcomingChanges({ payload, tenant: tenant.id })).map((change) => ({
          ...change,
          tenant: tenant.id,
        })),
      ),
    )
  )
    .flat()
    .sort((a, b) => a.at.localeCompare(b.at))
    .slice(0, limit)
  const titles = await titlesOf({
    payload,
    user,
    refs: changes.map((change) => ({ collection: change.collection, id: change.record })),
  })
  // A record the user may not read (another role's) is left out rather than shown untitled.
  return changes.flatMap((change) => {
    const title = titles.get(refKey({ collection: change.collection, id: change.record }))
    return title === undefined
      ? []
      : [
          {
            id: change.id,
            collection: change.collection,
            record: change.record,
            title,
            action: change.action,
            at: change.at,
            tenant: change.tenant,
          },
        ]
  })
}
