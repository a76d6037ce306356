/**
 * The event feeds' bounds and names, each defined once. A feed or a graph is one answer: it
 * holds at most these many performances, the earliest first.
 */
export const eventFeedLimits = {
  /** Performances of one event in its JSON-LD graph. */
  graphPerformances: 500,
  /** Performances in one calendar feed. */
  feedPerformances: 1000,
  /** Events a feed reads its performances from. */
  feedEvents: 1000,
  /** How far back a feed still lists performances, in days: recent ones stay in calendars. */
  pastDays: 30,
  /** A description longer than this is cut (a calendar entry or a search result is short). */
  descriptionChars: 5000,
} as const

/** The read cache's resource names of the feeds' answers. */
export const feedResources = { jsonld: 'events', calendar: 'calendar' } as const

/** The guest pass a keyless calendar client gets. */
export const calendarGuest = 'calendar'
