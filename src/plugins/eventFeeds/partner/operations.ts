import type { Payload } from 'payload'

import { isUuid } from '../../../lib/uuid'
import { fail, type PartnerPrincipal } from '../../partnerApi/exports/routes'
import { eventFeedLimits } from '../defaults'
import { calendarText } from '../ics/calendar'
import { eventGraph } from '../jsonld/graph'
import { readEvent, readFeed, readPerformance, type FeedFilter } from '../read/reading'

type Reader = { payload: Payload; principal: PartnerPrincipal }

/** The one 404 of a record that is missing, unpublished, hidden or another tenant's. */
const missing = ({ schema, id }: { schema: string; id: string }): never =>
  fail({ status: 404, detail: `No ${schema} with id "${id}" in this tenant.` })

/** An event's performances as schema.org JSON-LD. */
export const eventJsonLd = async ({ payload, principal, id }: Reader & { id: string }) => {
  const reading = isUuid(id) ? await readEvent({ payload, principal, id }) : undefined
  return reading ? eventGraph(reading) : missing({ schema: 'Event', id })
}

/**
 * Where a feed starts: `pastDays` before the start of today (UTC), so a feed's window moves
 * once a day and a day's answers are one cache entry.
 */
export const feedStart = (now: Date): Date =>
  new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) -
      eventFeedLimits.pastDays * 86_400_000,
  )

/** The tenant's calendar feed, narrowed by the filter. */
export const tenantCalendar = async ({
  payload,
  principal,
  filter,
  from,
}: Reader & { filter: FeedFilter; from: Date }): Promise<string> =>
  calendarText({
    reading: await readFeed({ payload, principal, filter, from }),
    name: principal.tenant.name,
  })

/** One visible performance of a published event as a calendar. */
export const performanceCalendar = async ({
  payload,
  principal,
  id,
}: Reader & { id: string }): Promise<string> => {
  const reading = isUuid(id) ? await readPerformance({ payload, principal, id }) : undefined
  return reading
    ? calendarText({ reading, name: principal.tenant.name })
    : missing({ schema: 'EventInstance', id })
}
