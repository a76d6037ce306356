import type { Provider } from '../types'

/** A CMS event's `lineup` group: one Line-Up event id; every performance of it is kept. */
export const lineupEventLink: Provider['cms'] = {
  readEventLink: (group) => {
    const raw = group?.eventId
    const eventId =
      typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : ''
    if (!eventId) return null
    return {
      externalIds: [eventId],
      connected: group?.syncConnected === true,
      syncToPublished: group?.syncToPublished === true,
      selected: null,
      keywordFilter: null,
    }
  },
  newEventLink: ({ externalId, syncToPublished }) => ({
    eventId: externalId,
    syncConnected: true,
    syncToPublished,
  }),
}
