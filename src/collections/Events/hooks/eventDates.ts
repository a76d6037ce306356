import type { CollectionBeforeChangeHook } from 'payload'

import { performanceDates } from '../performanceDates'

/**
 * An event's own save stores its performance dates as they are now, whatever the body said
 * (they are the server's), so no save writes stale ones over what a performance set.
 */
export const eventDates: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  const eventId = originalDoc?.id === undefined ? undefined : String(originalDoc.id)
  const dates = eventId
    ? await performanceDates({ req, eventId })
    : { firstPerformance: null, lastPerformance: null }
  return { ...data, ...dates }
}
