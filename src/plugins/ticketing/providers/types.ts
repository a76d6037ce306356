import type { Availability } from '../../../collections/EventInstances/availability'
import type { Connection, SyncProviderName } from '../types'
import type { GetJson } from './http'

export type { Availability }

/** A provider's event, in words every box office shares. */
export type ProviderEvent = {
  externalId: string
  title: string
  /** Plain text; the engine makes rich text of it. */
  description: string
  /** Minutes; the end of each performance is its start plus this. */
  durationMinutes: number | null
  /** The event's image at the box office, imported while the event has none. */
  image: { url: string; alt: string } | null
  /** The provider's own event fields (`lineup.eventName`), by path; each listed in `ownership.ts`. */
  fields?: Record<string, unknown>
}

/** A provider's performance. */
export type ProviderInstance = {
  externalId: string
  eventExternalId: string
  /** ISO instant. */
  start: string
  /** ISO instant, when the provider says how long it lasts. */
  end: string | null
  cancelled: boolean
  onSale: boolean
  availability: Availability
  /** The box office's own booking page for it; null when the connection cannot make one. */
  ticketingUrl: string | null
  /** The box office's own words for its state ("On Sale · 7 left"), kept beside `availability`. */
  providerStatus: string
  /**
   * The provider's own performance fields (`tessitura.keywords`, `lineup.pricing.price`), by
   * path; each listed in `ownership.ts`. The ids (`providerPaths`) are the engine's to write.
   */
  fields?: Record<string, unknown>
  /** Words the event's keyword filter is matched against (Tessitura's keywords). */
  keywords?: readonly string[]
}

/** What an availability run learns of one performance: only the `live` fields. */
export type LiveStatus = {
  externalId: string
  cancelled: boolean
  onSale: boolean
  availability: Availability
  providerStatus: string
  /** The provider's `live` paths of `ownership.ts` beyond the common ones, by path. */
  fields?: Record<string, unknown>
}

/** How a CMS event names its box-office event(s), as its provider group holds it. */
export type EventLink = {
  /** One or more box-office event ids (Tessitura: production seasons); the first seeds it. */
  externalIds: string[]
  connected: boolean
  syncToPublished: boolean
  /** Only these performances (`selected`); null: every one in the window. */
  selected: Set<string> | null
  /** Performances are kept only when one of their keywords is among these; null: no filter. */
  keywordFilter: string[] | null
}

/** The date window a run reads, as instants. */
export type Window = { from: Date; to: Date }

/** What a provider answered for a window: every event and every performance in it. */
export type Catalogue = { events: ProviderEvent[]; instances: ProviderInstance[] }

/**
 * A box office. `read` answers the window's wanted performances (as it reads them: the others
 * are never held) and every event, or throws (the run then fails and changes
 * nothing); `availabilityOf` is asked only for the performances the run keeps.
 */
export type Provider = {
  name: SyncProviderName
  /** As editors read it: "Spektrix". */
  label: string
  /** How the provider's group on a CMS event reads, and what an imported event gets. */
  cms: {
    readEventLink: (group: Record<string, unknown> | null | undefined) => EventLink | null
    newEventLink: (args: {
      externalId: string
      syncToPublished: boolean
    }) => Record<string, unknown>
  }
  read: (args: {
    connection: Connection
    window: Window
    getJson: GetJson
    /**
     * Which of the window's performances the run will write: only those need a status. Asked
     * without `keywords` it judges all but the keyword filter; a provider that knows a
     * performance's keywords asks again with them.
     */
    wanted: (instance: {
      externalId: string
      eventExternalId: string
      keywords?: readonly string[]
    }) => boolean
    /** The box-office event ids the connection's connected CMS events name. */
    linkedEventIds: readonly string[]
    /** The most events, and performances kept, a run takes: more fails the run (`ProviderError`). */
    maxRecords: number
  }) => Promise<Catalogue>
  /**
   * The current state of the named performances, and only of them (a few calls, no catalogue):
   * an availability run. A performance left out of the answer is left as it is.
   */
  readAvailability?: (args: {
    connection: Connection
    getJson: GetJson
    instances: readonly { externalId: string; eventExternalId: string; start: string }[]
    window: Window
  }) => Promise<LiveStatus[]>
}
