import type { ProviderName, SyncedKind, SyncProviderName } from './types'

/**
 * Who owns each field a sync writes, per provider and kind, defined once: the sync reads it
 * to know what to overwrite and what to fill only when empty, the write hooks and the admin
 * lock the box office's fields while the record is sync-connected, and the README and the
 * OpenAPI document say it.
 *
 * - `provider`: the box office is the truth; overwritten on every sync, locked for editors.
 * - `seed`: filled from the provider only while empty; editors refine it, the sync never
 *   overwrites it.
 * - `live`: provider fields that reach the published version even when `syncToPublished` is
 *   off (a sold-out or cancelled show must never stay on sale).
 */
export type FieldOwnership = {
  provider: readonly string[]
  seed: readonly string[]
  live: readonly string[]
}

/** Every performance a sync writes carries these, whatever the box office. */
const instanceCommon = [
  'event',
  'startDate',
  'endDate',
  'ticketingSystem',
  'ticketingSystemId',
  'ticketingUrl',
  'availability',
  'onSale',
  'cancelled',
  'providerStatus',
] as const

/** What an availability run may write: the vocabulary, and the box office's raw words. */
const liveCommon = ['availability', 'onSale', 'cancelled', 'providerStatus'] as const

/** Seeds every box office may fill on an event while the editor has not. */
const eventSeeds = ['title', 'description', 'image'] as const

export const fieldOwnership: Record<SyncProviderName, Record<SyncedKind, FieldOwnership>> = {
  spektrix: {
    events: { provider: ['spektrix.eventId'], seed: eventSeeds, live: [] },
    'event-instances': {
      provider: [...instanceCommon, 'spektrix.instanceId', 'spektrix.eventId'],
      seed: [],
      live: liveCommon,
    },
  },
  tessitura: {
    events: { provider: ['tessitura.productionSeasonIds'], seed: eventSeeds, live: [] },
    'event-instances': {
      provider: [
        ...instanceCommon,
        'tessitura.performanceId',
        'tessitura.productionSeasonId',
        'tessitura.keywords',
        'tessitura.availability',
      ],
      seed: [],
      live: [...liveCommon, 'tessitura.availability'],
    },
  },
  lineup: {
    events: {
      provider: [
        'lineup.eventId',
        'lineup.eventName',
        'lineup.ticketUrl',
        'lineup.websiteUrl',
        'lineup.tags',
      ],
      seed: [...eventSeeds, 'lineup.eventType', 'lineup.eventCategory'],
      live: [],
    },
    'event-instances': {
      provider: [
        ...instanceCommon,
        'lineup.ticketId',
        'lineup.eventId',
        'lineup.ticketName',
        'lineup.ticketDescription',
        'lineup.pricing.price',
        'lineup.pricing.currency',
        'lineup.availability.quantityAvailable',
        'lineup.availability.quantitySold',
        'lineup.availability.saleStart',
        'lineup.availability.saleEnd',
        'lineup.ticketStatus',
        'lineup.ticketType',
        'lineup.syncData',
      ],
      seed: [],
      live: [
        ...liveCommon,
        'lineup.availability.quantityAvailable',
        'lineup.availability.quantitySold',
        'lineup.ticketStatus',
        // The refresh reads the same detail record as the sync: writing it here leaves the next
        // sync nothing to write after a sale.
        'lineup.syncData',
      ],
    },
  },
}

/**
 * Where each box office's ids sit in the CMS: the event's link (Tessitura's holds one or more
 * production season ids), the performance's own id and its event's id at the box office.
 * The hooks and the engine read these; only the provider modules know more.
 */
export const providerPaths: Record<
  ProviderName,
  { eventIds: string; instanceId: string; instanceEventId: string }
> = {
  spektrix: {
    eventIds: 'spektrix.eventId',
    instanceId: 'spektrix.instanceId',
    instanceEventId: 'spektrix.eventId',
  },
  tessitura: {
    eventIds: 'tessitura.productionSeasonIds',
    instanceId: 'tessitura.performanceId',
    instanceEventId: 'tessitura.productionSeasonId',
  },
  lineup: {
    eventIds: 'lineup.eventId',
    instanceId: 'lineup.ticketId',
    instanceEventId: 'lineup.eventId',
  },
  elevent: {
    eventIds: 'elevent.eventId',
    instanceId: 'elevent.showTimeId',
    instanceEventId: 'elevent.eventId',
  },
}
