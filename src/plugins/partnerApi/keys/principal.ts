import type { TenantMember } from '../../../access/readScope'
import type { ApiKey, Tenant } from '../../../payload-types'

/** What a key may do: read, or read and write. */
export type Scope = 'read' | 'write'

/** The user a partner request acts as inside Payload: a member of the path's tenant only. */
export type PartnerPrincipal = {
  key: Pick<ApiKey, 'id' | 'name' | 'scope' | 'prefix'>
  tenant: Tenant
  user: TenantMember & {
    /** The key acting: what the change log records as the author of a write. */
    apiKey: string
  }
}
