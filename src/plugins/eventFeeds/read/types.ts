import type {
  Event,
  EventInstance,
  Media,
  Season,
  Series,
  Tenant,
  Venue,
  Work,
} from '../../../payload-types'

/**
 * What both formats are written from: published events of one tenant, their visible
 * performances (earliest first) and the records they name, each read once.
 */
export type FeedReading = {
  tenant: Tenant
  /** By id: only published events of the tenant. */
  events: ReadonlyMap<string, Event>
  /** Visible performances of those events, by start. */
  performances: readonly EventInstance[]
  venues: ReadonlyMap<string, Venue>
  works: ReadonlyMap<string, Work>
  seasons: ReadonlyMap<string, Season>
  series: ReadonlyMap<string, Series>
  media: ReadonlyMap<string, Media>
}
