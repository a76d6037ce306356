import type { Payload } from 'payload'

import { relationId } from '../../../lib/relationId'
import type { TicketingConnection } from '../../../payload-types'
import { openCredentials } from '../credentials/sealed'
import { lineupBaseUrl, spektrixBaseUrl } from '../defaults'
import type { Connection } from '../types'

/** Only the strings that are set: an empty setting is no setting. */
const setOnly = (group: Record<string, string | null | undefined>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(group).filter((entry): entry is [string, string] => Boolean(entry[1])),
  )

/** The provider's own group, as strings, with the base URL's default filled in. */
const settingsOf = (doc: TicketingConnection): Record<string, string> => {
  switch (doc.provider) {
    case 'tessitura':
      return setOnly({
        baseUrl: doc.tessitura?.baseUrl,
        tnewAddress: doc.tessitura?.tnewAddress,
      })
    case 'lineup':
      return setOnly({
        baseUrl: doc.lineup?.baseUrl || lineupBaseUrl,
        channelId: doc.lineup?.channelId,
        bookingLinkTemplate: doc.lineup?.bookingLinkTemplate,
      })
    case 'elevent':
      return setOnly({
        shopAddress: doc.elevent?.shopAddress,
        linkTemplate: doc.elevent?.linkTemplate,
      })
    default:
      return setOnly({
        clientName: doc.spektrix?.clientName,
        customDomain: doc.spektrix?.customDomain,
        baseUrl: doc.spektrix?.baseUrl || spektrixBaseUrl,
      })
  }
}

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
    settings: settingsOf(doc),
    credentials: openCredentials({
      stored: doc.credentialsSealed,
      installationSecret: payload.secret,
    }),
    daysAhead: doc.daysAhead ?? 180,
    importNewEvents: doc.importNewEvents ?? false,
    syncToPublished: doc.syncToPublished ?? true,
    removalLimitPercent: doc.removalLimitPercent ?? 50,
    availabilityDaysAhead: doc.availabilityDaysAhead ?? 14,
  }
}
