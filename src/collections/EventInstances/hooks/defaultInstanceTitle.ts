import type { CollectionBeforeChangeHook, PayloadRequest } from 'payload'

import { relationId, type RelationValue } from '../../../lib/relationId'
import { nextTitle, type TitleInputs } from '../instanceTitle'

const eventTitle = async ({
  req,
  id,
}: {
  req: PayloadRequest
  id: string | undefined
}): Promise<string | undefined> => {
  if (!id) return undefined
  const event = await req.payload.findByID({
    collection: 'events',
    id,
    depth: 0,
    // The published version: a performance's title is read by everyone who reads the
    // performance, and an unpublished draft's new title is not for them.
    draft: false,
    select: { title: true },
    overrideAccess: true,
    req,
    disableErrors: true,
  })
  return event?.title ?? undefined
}

const sameInstant = (a: unknown, b: unknown): boolean =>
  new Date(a as string).getTime() === new Date(b as string).getTime()

/**
 * An untitled performance is called after its event and its local date and time, so lists stay
 * readable; that title follows the start (and zone, and event) when they change, while a title
 * an editor wrote stays. Runs after `zoneFromTenant`, so the zone is known.
 */
export const defaultInstanceTitle: CollectionBeforeChangeHook = async ({
  data,
  originalDoc,
  req,
}) => {
  const eventId = relationId(data.event as RelationValue)
  const previousEventId = relationId(originalDoc?.event as RelationValue)
  const changed =
    !originalDoc ||
    eventId !== previousEventId ||
    !sameInstant(data.startDate, originalDoc.startDate) ||
    data.startDate_tz !== originalDoc.startDate_tz
  if (data.title && !changed) return data
  const title = await eventTitle({ req, id: eventId })
  const next: TitleInputs = {
    eventTitle: title,
    start: data.startDate,
    timeZone: data.startDate_tz,
  }
  const previous: TitleInputs | undefined = originalDoc && {
    eventTitle:
      previousEventId === eventId ? title : await eventTitle({ req, id: previousEventId }),
    start: originalDoc.startDate,
    timeZone: originalDoc.startDate_tz,
  }
  data.title = nextTitle({ title: data.title as string | null | undefined, previous, next })
  return data
}
