import { parseInstanceIds } from '../idList'
import type { Provider } from '../types'

/**
 * A CMS event's `spektrix` group: one Spektrix event id; `eventSyncType: 'selected'` keeps only
 * the instances listed in `spektrixInstances`.
 */
export const spektrixEventLink: Provider['cms'] = {
  readEventLink: (group) => {
    const eventId = typeof group?.eventId === 'string' ? group.eventId.trim() : ''
    if (!eventId) return null
    return {
      externalIds: [eventId],
      connected: group?.syncConnected === true,
      syncToPublished: group?.syncToPublished === true,
      selected:
        group?.eventSyncType === 'selected'
          ? new Set(parseInstanceIds(group.spektrixInstances))
          : null,
      keywordFilter: null,
    }
  },
  newEventLink: ({ externalId, syncToPublished }) => ({
    eventId: externalId,
    syncConnected: true,
    eventSyncType: 'all',
    syncToPublished,
  }),
}
