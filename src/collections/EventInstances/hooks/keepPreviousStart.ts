import type { CollectionBeforeChangeHook } from 'payload'

import { isPublished } from '../../../access/published'
import { keepServerFields } from '../../../hooks/keepServerFields'
import { relationId, type RelationValue } from '../../../lib/relationId'
import { eventFacts } from '../eventFacts'

const instant = (value: unknown): number | undefined => {
  if (value === null || value === undefined || value === '') return undefined
  const time = new Date(value as string | Date).getTime()
  return Number.isNaN(time) ? undefined : time
}

/**
 * `previousStartDate` is the server's: the start a performance had before it was first moved
 * while its event was published, so schema.org can say `EventRescheduled` with
 * `previousStartDate` (the date on tickets people may already hold). Dates corrected before the
 * event is announced are no reschedule. Kept through later moves; moving the performance back
 * to that start clears it; a body never writes it. The event's published row is read only
 * when the start changes, with what the save's other hooks read of it (`eventFacts`).
 */
export const keepPreviousStart: CollectionBeforeChangeHook = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  keepServerFields({ data, operation, originalDoc, fields: ['previousStartDate'] })
  if (operation !== 'update' || !originalDoc) return data
  const before = instant(originalDoc.startDate)
  const after = instant(data.startDate ?? originalDoc.startDate)
  const kept = instant(data.previousStartDate)
  if (kept !== undefined) {
    if (kept === after) data.previousStartDate = null
    return data
  }
  if (before === undefined || after === undefined || before === after) return data
  const eventId = relationId((data.event ?? originalDoc.event) as RelationValue)
  const live = eventId ? isPublished((await eventFacts({ req, eventId })).status) : false
  if (live) data.previousStartDate = new Date(before).toISOString()
  return data
}
