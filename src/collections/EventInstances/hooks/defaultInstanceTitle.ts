import type { CollectionBeforeChangeHook, PayloadRequest } from 'payload'

import { relationId, type RelationValue } from '../../../lib/relationId'
import { eventColumn } from '../../Events/eventColumn'
import { eventFacts } from '../eventFacts'
import { nextTitle, type TitleInputs } from '../instanceTitle'

/**
 * The event's title as published: a performance's title is read by everyone who reads the
 * performance, and an unpublished draft's new title is not for them.
 */
const eventTitle = async ({
  req,
  id,
}: {
  req: PayloadRequest
  id: string | undefined
}): Promise<string | undefined> =>
  id ? ((await eventFacts({ req, eventId: id })).title ?? undefined) : undefined

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
  const previousTitle = !previousEventId
    ? undefined
    : previousEventId === eventId
      ? title
      : ((await eventColumn({ req, eventId: previousEventId, field: 'title' })) ?? undefined)
  const previous: TitleInputs | undefined = originalDoc && {
    eventTitle: previousTitle,
    start: originalDoc.startDate,
    timeZone: originalDoc.startDate_tz,
  }
  data.title = nextTitle({ title: data.title as string | null | undefined, previous, next })
  return data
}
