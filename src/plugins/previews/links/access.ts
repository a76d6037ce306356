import type { Access } from 'payload'

import { tenantMember } from '../../../access/content'

/**
 * A tenant's members (its editors and admins) see its links and may revoke or delete them; the
 * multi-tenant plugin narrows every read and write to the member's own tenants. Nobody makes one
 * through Payload's REST or GraphQL: a link is made for a record the maker can read
 * (`links/create.ts`), by the admin's endpoint or a write key.
 */
export const previewLinkAccess: Record<'create' | 'read' | 'update' | 'delete', Access> = {
  create: () => false,
  read: tenantMember,
  update: tenantMember,
  delete: tenantMember,
}
