import type { Payload } from 'payload'

import { relationId, type RelationValue } from '../../../lib/relationId'
import type { Tenant, User } from '../../../payload-types'

/** The organisations the dashboard shows: the one selected in the admin, else all the user's. */
export type DashboardScope = {
  tenants: Pick<Tenant, 'id' | 'name' | 'slug' | 'timeZone'>[]
  /** More than one is shown: every list names each row's organisation. */
  several: boolean
}

/**
 * The user's organisations as Payload's own read access answers them (the multi-tenant plugin
 * narrows a member to their tenants), narrowed to the tenant chosen in the admin's selector when
 * the user may see it. A cookie naming someone else's tenant narrows to nothing.
 */
export const dashboardScope = async ({
  payload,
  user,
  selected,
}: {
  payload: Payload
  user: User
  /** The tenant selector's choice (its cookie), if any. */
  selected?: string | null
}): Promise<DashboardScope> => {
  const { docs } = await payload.find({
    collection: 'tenants',
    user,
    overrideAccess: false,
    limit: 200,
    depth: 0,
    sort: 'name',
    select: { name: true, slug: true, timeZone: true },
  })
  const chosen = selected ? docs.filter((tenant) => tenant.id === selected) : []
  const tenants = (chosen.length > 0 ? chosen : docs).map(({ id, name, slug, timeZone }) => ({
    id,
    name,
    slug,
    timeZone,
  }))
  return { tenants, several: tenants.length > 1 }
}

/** What every panel's read is given: who reads, which organisations, how many rows at most. */
export type PanelRead = { payload: Payload; user: User; scope: DashboardScope; limit?: number }

/** The tenant of a row, by id, for the organisation column. */
export const tenantOf = ({ scope, tenant }: { scope: DashboardScope; tenant: RelationValue }) =>
  scope.tenants.find(({ id }) => id === relationId(tenant))
