import { capPerTenantOnCreate } from '../../../../hooks/capPerTenant'
import { ticketingOptions } from '../../options'

/** A tenant holds a bounded number of connections: each is a schedule of provider calls. */
export const limitConnectionsPerTenant = capPerTenantOnCreate({
  collection: 'ticketing-connections',
  path: 'name',
  max: (config) => ticketingOptions(config).perTenant,
  what: 'ticketing connections',
})
