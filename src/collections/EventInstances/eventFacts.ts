import type { PayloadRequest } from 'payload'

import { noteRecordTenant } from '../../db/recordTenants'
import { forgetCount, readOnce } from '../../db/transactionReads'
import { eventColumns } from '../Events/eventColumn'

export type EventFacts = {
  title: string | null
  bookingLink: string | null
  /** Its published row's `_status`: whether a moved start is a reschedule. */
  status: string | null
  /** The Elevent event an Elevent performance without its own links to. */
  eleventEventId: string | null
}

/**
 * What a performance's save derives from its event, as published: its title (the default
 * title), its booking link (the booking URL), its status (a reschedule) and its Elevent id (the
 * box office's link). The hooks that need them run on the same save, and a batch saves many performances of one event in one transaction: the event is read
 * once for all of them, in one statement, until the transaction writes it. The same statement
 * reads the event's tenant, which the check that a performance names its own tenant's event
 * (`ensureSameTenantReferences`, later in the save) then need not read again.
 */
export const eventFacts = ({
  req,
  eventId,
}: {
  req: PayloadRequest
  eventId: string
}): Promise<EventFacts> =>
  readOnce({
    req,
    record: { collection: 'events', id: eventId },
    what: 'facts',
    read: async () => {
      const since = await forgetCount({ req, record: { collection: 'events', id: eventId } })
      const row = await eventColumns({
        req,
        eventId,
        fields: ['title', 'booking_bookingLinkURL', 'tenant', '_status', 'elevent_eventId'],
        pointing: true,
      })
      // No row: no such event, which the check reads as missing too.
      await noteRecordTenant({
        req,
        collection: 'events',
        id: eventId,
        tenant: row.tenant ?? undefined,
        since,
      })
      return {
        title: row.title,
        bookingLink: row.booking_bookingLinkURL,
        status: row._status,
        eleventEventId: row.elevent_eventId,
      }
    },
  })
