import type { ProviderName, SyncedKind } from './types'

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

export const fieldOwnership: Record<ProviderName, Record<SyncedKind, FieldOwnership>> = {
  spektrix: {
    events: {
      provider: ['spektrix.eventId'],
      seed: ['title', 'description', 'image'],
      live: [],
    },
    'event-instances': {
      provider: [
        'event',
        'startDate',
        'endDate',
        'ticketingSystem',
        'ticketingSystemId',
        'spektrix.instanceId',
        'spektrix.eventId',
        'ticketingUrl',
        'availability',
        'onSale',
        'cancelled',
      ],
      seed: [],
      live: ['availability', 'onSale', 'cancelled'],
    },
  },
}
