import { relationId, type RelationValue } from '../../../lib/relationId'
import type { PanelRead } from './scope'

const day = 86_400_000

export type UpcomingPerformance = {
  id: string
  title: string
  startDate: string
  tenant: string
  event: { id: string; title: string } | null
  venue: string | null
  /** What the audience sees: cancelled, sold out, … (the box office's vocabulary, one word). */
  status: string
}

/** The week's performances from now that are not hidden, soonest first, at most `limit`. */
export const upcomingPerformances = async ({
  payload,
  user,
  scope,
  now = new Date(),
  days = 7,
  limit = 50,
}: PanelRead & { now?: Date; days?: number }): Promise<UpcomingPerformance[]> => {
  if (scope.tenants.length === 0) return []
  const { docs } = await payload.find({
    collection: 'event-instances',
    user,
    overrideAccess: false,
    where: {
      tenant: { in: scope.tenants.map((tenant) => tenant.id) },
      startDate: {
        greater_than_equal: now.toISOString(),
        less_than: new Date(now.getTime() + days * day).toISOString(),
      },
      hidden: { not_equals: true },
    },
    sort: 'startDate',
    limit,
    depth: 1,
    populate: { events: { title: true }, venues: { title: true } },
    select: {
      title: true,
      startDate: true,
      event: true,
      venue: true,
      tenant: true,
      availability: true,
      cancelled: true,
    },
  })
  return docs.map((doc) => {
    const event = typeof doc.event === 'object' && doc.event ? doc.event : null
    const venue = typeof doc.venue === 'object' && doc.venue ? doc.venue : null
    return {
      id: doc.id,
      title: doc.title ?? event?.title ?? '',
      startDate: doc.startDate,
      tenant: relationId(doc.tenant as RelationValue) ?? '',
      event: event ? { id: event.id, title: event.title } : null,
      venue: venue?.title ?? null,
      status: doc.cancelled ? 'cancelled' : (doc.availability ?? 'available'),
    }
  })
}
