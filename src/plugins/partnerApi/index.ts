import type { Plugin } from 'payload'

import { ApiKeys } from './ApiKeys'

/**
 * The partner API as a plugin, config → config: it adds the API-key collection (keys, their
 * secrets, rotation); where it is served is fixed in `defaults.ts`. The record kinds are not listed
 * here: each collection declares its own in `custom.partner` (see `types.ts`), and the route
 * table, validators and OpenAPI document are made from those declarations.
 */
export const partnerApi = (): Plugin => (config) => ({
  ...config,
  collections: [...(config.collections ?? []), ApiKeys],
})
