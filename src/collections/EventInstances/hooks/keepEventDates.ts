import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { relationId, type RelationValue } from '../../../lib/relationId'
import { extendPerformanceDates, storePerformanceDates } from '../../Events/performanceDates'

const eventIdsOf = (...docs: ({ event?: unknown } | undefined)[]): string[] =>
  docs.flatMap((doc) => relationId(doc?.event as RelationValue) ?? [])

const sameInstant = (a: unknown, b: unknown): boolean =>
  new Date(a as string).getTime() === new Date(b as string).getTime()

/**
 * Events answer their first and last performance: each write of a performance that could
 * change them recomputes them for its event (both events on a move), in its transaction; a new
 * performance only extends them (`extendPerformanceDates`).
 */
export const keepEventDates: {
  afterChange: CollectionAfterChangeHook
  afterDelete: CollectionAfterDeleteHook
} = {
  afterChange: async ({ doc, previousDoc, operation, req }) => {
    const eventId = relationId(doc.event as RelationValue)
    if (operation === 'create' && eventId && doc.startDate) {
      if (!doc.hidden) await extendPerformanceDates({ req, eventId, start: String(doc.startDate) })
      return doc
    }
    const relevant =
      operation === 'create' ||
      !previousDoc ||
      !sameInstant(doc.startDate, previousDoc.startDate) ||
      Boolean(doc.hidden) !== Boolean(previousDoc.hidden) ||
      relationId(doc.event as RelationValue) !== relationId(previousDoc.event as RelationValue)
    if (relevant) await storePerformanceDates({ req, eventIds: eventIdsOf(doc, previousDoc) })
    return doc
  },
  afterDelete: async ({ doc, req }) => {
    await storePerformanceDates({ req, eventIds: eventIdsOf(doc) })
    return doc
  },
}
