import type { Plugin } from 'payload'

import { ApiKeys } from './ApiKeys'
import { resolveOptions, type PartnerApiInput } from './options'

/**
 * The partner API as a plugin, config → config: it adds the API-key collection (keys, their
 * secrets, rotation) and records its options (limits, CORS, media fetching) on the configuration,
 * where every step of a request reads them; where it is served is fixed in `defaults.ts`. The
 * record kinds are not listed here: each collection declares its own in `custom.partner` (see
 * `types.ts`), and the route table, validators and OpenAPI document are made from those.
 */
export const partnerApi =
  (input: PartnerApiInput = {}): Plugin =>
  (config) => ({
    ...config,
    collections: [...(config.collections ?? []), ApiKeys],
    custom: { ...config.custom, partnerApi: resolveOptions(input) },
  })
