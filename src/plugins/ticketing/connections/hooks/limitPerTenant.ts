import type { CollectionBeforeChangeHook } from 'payload'

import { capPerTenant } from '../../../../hooks/capPerTenant'
import { relationId, type RelationValue } from '../../../../lib/relationId'
import type { TicketingConnection } from '../../../../payload-types'
import { ticketingOptions } from '../../options'

/** A tenant holds a bounded number of connections: each is a schedule of provider calls. */
export const limitConnectionsPerTenant: CollectionBeforeChangeHook<TicketingConnection> = async ({
  data,
  operation,
  req,
}) => {
  const tenant = relationId(data.tenant as RelationValue)
  if (operation !== 'create' || !tenant) return data
  const max = ticketingOptions(req.payload.config).perTenant
  await capPerTenant({
    req,
    collection: 'ticketing-connections',
    tenant,
    where: { tenant: { equals: tenant } },
    max,
    path: 'name',
    message: `A tenant holds at most ${max} ticketing connections; delete one it no longer needs.`,
  })
  return data
}
