import type { CollectionBeforeChangeHook } from 'payload'

import { relationId, type RelationValue } from '../../../utilities/relationId'

/** An untitled performance is called after its event and date, so lists stay readable. */
export const defaultInstanceTitle: CollectionBeforeChangeHook = async ({ data, req }) => {
  if (data.title) return data
  const eventId = relationId(data.event as RelationValue)
  if (!eventId || !data.startDate) return data
  const event = await req.payload.findByID({
    collection: 'events',
    id: eventId,
    depth: 0,
    draft: true,
    overrideAccess: true,
    req,
    disableErrors: true,
  })
  const start = new Date(data.startDate)
  if (!event || Number.isNaN(start.getTime())) return data
  const when = start.toISOString().slice(0, 16).replace('T', ' ')
  data.title = `${event.title} — ${when}`
  return data
}
