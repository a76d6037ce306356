import type { Availability } from '../../../collections/EventInstances/availability'
import type { Connection, ProviderName } from '../types'
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
  /** The box office's own booking page for it. */
  ticketingUrl: string
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
  name: ProviderName
  /** As editors read it: "Spektrix". */
  label: string
  read: (args: {
    connection: Connection
    window: Window
    getJson: GetJson
    /** Which of the window's performances the run will write: only those need a status. */
    wanted: (instance: { externalId: string; eventExternalId: string }) => boolean
    /** The most events, and performances kept, a run takes: more fails the run (`ProviderError`). */
    maxRecords: number
  }) => Promise<Catalogue>
}
