import type { Payload, Where } from 'payload'

import { publishedOnly } from '../../../access/published'
import type {
  Event,
  EventInstance,
  Media,
  Season,
  Series,
  Venue,
  Work,
} from '../../../payload-types'
import type { PartnerPrincipal } from '../../partnerApi/exports/routes'
import { eventFeedLimits } from '../defaults'
import { idsOf, readByIds } from './related'
import type { FeedReading } from './types'

/** Performances a website may list: not hidden. */
const visible: Where = { hidden: { not_equals: true } }

/**
 * The records the events and performances name (venues, works, seasons, series, images), each
 * collection read once. Media are the events' and works' images.
 */
const withRelated = async ({
  payload,
  principal,
  events,
  performances,
}: {
  payload: Payload
  principal: PartnerPrincipal
  events: readonly Event[]
  performances: readonly EventInstance[]
}): Promise<FeedReading> => {
  const read = { payload, principal }
  const [venues, works, seasons, series] = await Promise.all([
    readByIds<Venue>({
      ...read,
      collection: 'venues',
      ids: idsOf(performances, (p) => p.venue),
    }),
    readByIds<Work>({
      ...read,
      collection: 'works',
      ids: idsOf(events, (e) => e.work),
    }),
    readByIds<Season>({
      ...read,
      collection: 'seasons',
      ids: idsOf(events, (e) => e.season),
    }),
    readByIds<Series>({
      ...read,
      collection: 'series',
      ids: idsOf(events, (e) => e.series),
    }),
  ])
  const media = await readByIds<Media>({
    ...read,
    collection: 'media',
    ids: [...idsOf(events, (e) => e.image), ...idsOf([...works.values()], (w) => w.image)],
  })
  return {
    tenant: principal.tenant,
    events: new Map(events.map((event) => [event.id, event])),
    performances,
    venues,
    works,
    seasons,
    series,
    media,
  }
}

/**
 * Published events of the principal's tenant, as their published version (a draft saved over
 * a live event is in the versions table, not here), through Payload's access rules.
 */
/** One record of the principal's tenant, by id. */
type OneRecord = { payload: Payload; principal: PartnerPrincipal; id: string }

type ReadArgs = { payload: Payload; principal: PartnerPrincipal; where: Where[]; limit: number }

const publishedEvents = async ({ payload, principal, where, limit }: ReadArgs): Promise<Event[]> =>
  (
    await payload.find({
      collection: 'events',
      where: { and: [publishedOnly, ...where] },
      draft: false,
      depth: 0,
      limit,
      pagination: false,
      sort: 'firstPerformance',
      user: principal.user,
      overrideAccess: false,
    })
  ).docs

const visiblePerformances = async ({
  payload,
  principal,
  where,
  limit,
}: ReadArgs): Promise<EventInstance[]> =>
  (
    await payload.find({
      collection: 'event-instances',
      where: { and: [visible, ...where] },
      depth: 0,
      limit,
      pagination: false,
      sort: 'startDate',
      user: principal.user,
      overrideAccess: false,
    })
  ).docs

/**
 * One published event of the tenant with its visible performances (at most
 * `graphPerformances`, the earliest first); `undefined` when the tenant has no such published
 * event, which the route answers as the one 404.
 */
export const readEvent = async ({
  payload,
  principal,
  id,
}: OneRecord): Promise<FeedReading | undefined> => {
  const [event] = await publishedEvents({
    payload,
    principal,
    where: [{ id: { equals: id } }],
    limit: 1,
  })
  if (!event) return undefined
  const performances = await visiblePerformances({
    payload,
    principal,
    where: [{ event: { equals: event.id } }],
    limit: eventFeedLimits.graphPerformances,
  })
  return withRelated({ payload, principal, events: [event], performances })
}

/** What a calendar feed is narrowed to: ids of the tenant's records, each optional. */
export type FeedFilter = {
  venue?: string
  season?: string
  series?: string
  event?: string
}

/**
 * The tenant's visible performances of published events from `from` on (the earliest first, at
 * most `feedPerformances`), narrowed by the filter. The events are read first, by the dates
 * they keep of their performances, so a feed never reads performances of events it cannot show.
 */
export const readFeed = async ({
  payload,
  principal,
  filter,
  from,
}: {
  payload: Payload
  principal: PartnerPrincipal
  filter: FeedFilter
  from: Date
}): Promise<FeedReading> => {
  // A venue narrows the events first, by one indexed read of its performances' event ids: a
  // venue with none (or another tenant's, or made up) costs that read, not the events'.
  const atVenue = filter.venue
    ? idsOf(
        await visiblePerformances({
          payload,
          principal,
          where: [
            { venue: { equals: filter.venue } },
            { startDate: { greater_than_equal: from.toISOString() } },
          ],
          limit: eventFeedLimits.feedPerformances,
        }),
        (performance) => performance.event,
      )
    : undefined
  if (atVenue?.length === 0)
    return withRelated({ payload, principal, events: [], performances: [] })
  const events = await publishedEvents({
    payload,
    principal,
    where: [
      { lastPerformance: { greater_than_equal: from.toISOString() } },
      ...(atVenue ? [{ id: { in: atVenue } }] : []),
      ...(filter.event ? [{ id: { equals: filter.event } }] : []),
      ...(filter.season ? [{ season: { equals: filter.season } }] : []),
      ...(filter.series ? [{ series: { equals: filter.series } }] : []),
    ],
    limit: eventFeedLimits.feedEvents,
  })
  const performances =
    events.length === 0
      ? []
      : await visiblePerformances({
          payload,
          principal,
          where: [
            { event: { in: events.map((event) => event.id) } },
            { startDate: { greater_than_equal: from.toISOString() } },
            ...(filter.venue ? [{ venue: { equals: filter.venue } }] : []),
          ],
          limit: eventFeedLimits.feedPerformances,
        })
  return withRelated({ payload, principal, events, performances })
}

/** One visible performance of a published event of the tenant, or `undefined`. */
export const readPerformance = async ({
  payload,
  principal,
  id,
}: OneRecord): Promise<FeedReading | undefined> => {
  const [performance] = await visiblePerformances({
    payload,
    principal,
    where: [{ id: { equals: id } }],
    limit: 1,
  })
  const eventId = performance ? idsOf([performance], (p) => p.event)[0] : undefined
  if (!performance || !eventId) return undefined
  const [event] = await publishedEvents({
    payload,
    principal,
    where: [{ id: { equals: eventId } }],
    limit: 1,
  })
  if (!event) return undefined
  return withRelated({ payload, principal, events: [event], performances: [performance] })
}
