import type { CollectionBeforeChangeHook } from 'payload'

import { keepServerFields } from '../../../hooks/keepServerFields'

const instant = (value: unknown): number | undefined => {
  if (value === null || value === undefined || value === '') return undefined
  const time = new Date(value as string | Date).getTime()
  return Number.isNaN(time) ? undefined : time
}

/**
 * `previousStartDate` is the server's: the start a performance had before it was first moved,
 * so schema.org can say `EventRescheduled` with `previousStartDate` (the date on the tickets
 * people already hold). Set when an existing performance's start changes, and kept through
 * later moves; a body never writes it. Moving a performance back to that start clears it.
 */
export const keepPreviousStart: CollectionBeforeChangeHook = ({ data, operation, originalDoc }) => {
  keepServerFields({ data, operation, originalDoc, fields: ['previousStartDate'] })
  if (operation !== 'update' || !originalDoc) return data
  const before = instant(originalDoc.startDate)
  const after = instant(data.startDate ?? originalDoc.startDate)
  const kept = instant(data.previousStartDate)
  if (kept !== undefined && kept === after) data.previousStartDate = null
  else if (kept === undefined && before !== undefined && after !== undefined && before !== after)
    data.previousStartDate = new Date(before).toISOString()
  return data
}
