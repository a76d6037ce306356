import type { Payload } from 'payload'

import { relationId } from '../../../lib/relationId'
import type { TicketingConnection } from '../../../payload-types'
import { openCredentials } from '../credentials/sealed'
import { spektrixBaseUrl } from '../defaults'
import type { Connection } from '../types'

/**
 * A connection as the engine reads it: its provider's settings (the base URL filled in) and its
 * credentials opened. The sealed values are read with the hidden fields shown, in the server only.
 */
export const engineConnection = async ({
  payload,
  id,
}: {
  payload: Payload
  id: string
}): Promise<Connection | undefined> => {
  const doc = (await payload
    .findByID({
      collection: 'ticketing-connections',
      id,
      depth: 0,
      overrideAccess: true,
      showHiddenFields: true,
      disableErrors: true,
    })
    .catch(() => null)) as TicketingConnection | null
  const tenantId = relationId(doc?.tenant)
  // A link-only box office (Elevent) has nothing the engine can read.
  if (!doc || !tenantId || doc.provider === 'elevent') return undefined
  return {
    id: doc.id,
    tenantId,
    provider: doc.provider,
    settings: {
      clientName: doc.spektrix?.clientName ?? undefined,
      customDomain: doc.spektrix?.customDomain || undefined,
      baseUrl: doc.spektrix?.baseUrl || spektrixBaseUrl,
    },
    credentials: openCredentials({
      stored: doc.credentialsSealed,
      installationSecret: payload.secret,
    }),
    daysAhead: doc.daysAhead ?? 180,
    importNewEvents: doc.importNewEvents ?? false,
    syncToPublished: doc.syncToPublished ?? true,
    removalLimitPercent: doc.removalLimitPercent ?? 50,
    availabilityDaysAhead: 14,
  }
}
