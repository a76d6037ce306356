import type { Access } from 'payload'

import { anyAdministeredTenant, inAdministeredTenant } from '../../../../access/administeredTenant'

/** Subscriptions are a tenant's settings: its tenant admins (and installation admins) only. */
export const webhookAccess: Record<'create' | 'read' | 'update' | 'delete', Access> = {
  create: anyAdministeredTenant,
  read: inAdministeredTenant,
  update: inAdministeredTenant,
  delete: inAdministeredTenant,
}
