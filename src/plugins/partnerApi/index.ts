import type { CollectionConfig, Plugin } from 'payload'

import { ApiKeys } from './ApiKeys'
import { announceAuthChange } from './cache/freshness'
import { resolveOptions, type PartnerApiInput } from './options'
import { namedHooks } from '../../lib/hookNames'

export { dropAnswersOnWrite } from './cache/dropOnWrite'
export type { PartnerApiInput } from './options'
export type { PartnerApiOptions } from './defaults'

/**
 * The partner API as a plugin, config → config: it adds the API-key collection (keys, their
 * secrets, rotation) and records its options (limits, CORS, media fetching, the routes other
 * plugins contribute) on the configuration, where every step of a request reads them; where it
 * is served is fixed in `defaults.ts`. The record kinds are not listed here: each collection
 * declares its own in `custom.partner` (see `types.ts`), and the route table, validators and
 * OpenAPI document are made from those and from the contributed routes (`routes/`).
 * Every write to a key or a tenant is announced, so each instance's cached lookups of them end
 * at its commit (`cache/freshness.ts`).
 */
export const partnerApi =
  (input: PartnerApiInput = {}): Plugin =>
  (config) => ({
    ...config,
    collections: [...(config.collections ?? []), ApiKeys].map(announcingAuthChanges),
    custom: { ...config.custom, partnerApi: resolveOptions(input) },
  })

/** The collections a partner request's key and tenant are read from. */
const authCollections = new Set([ApiKeys.slug, 'tenants'])

const announcingAuthChanges = (collection: CollectionConfig): CollectionConfig =>
  authCollections.has(collection.slug)
    ? {
        ...collection,
        hooks: {
          ...collection.hooks,
          afterChange: [
            ...(collection.hooks?.afterChange ?? []),
            ...namedHooks({ announceAuthChange }),
          ],
          afterDelete: [...(collection.hooks?.afterDelete ?? []), announceAuthChange],
        },
      }
    : collection
