import type { PayloadRequest } from 'payload'

import type { ApiKey } from '../../payload-types'

/**
 * What another plugin does when a key is revoked or deleted, in that write's transaction:
 * what a key made must not outlive it (its subscriptions, its scheduled changes).
 */
export type KeyRetirement = (args: {
  req: PayloadRequest
  key: Pick<ApiKey, 'id' | 'name' | 'prefix'>
  what: 'revoked' | 'deleted'
}) => Promise<void>

/**
 * How one collection appears in the partner API. A collection declares it on its own config
 * (`custom.partner`); the route table, the OpenAPI document, the validators and the tests all
 * follow from it (the tests' sample records are theirs: `tests/helpers/samples.ts`). Drafts and uploads are read from the collection itself.
 */
export type PartnerKindDeclaration = {
  /** The path segment: `/{tenant}/{path}`. */
  path: string
  /** The component schema name in the OpenAPI document (`Event`, `EventCreate`, …). */
  schema: string
  /** The OpenAPI tag, which is also the plural noun in operation summaries. */
  tag: string
  /** Only these fields are answered (the spec's File is Media seen as a plain file). */
  pick?: readonly string[]
}

declare module 'payload' {
  /** The partner API's fact about a collection; the others are in `src/collections/facts.ts`. */
  export interface CollectionCustom {
    /** The partner API's record kinds over this collection (media has two: media and files). */
    partner?: PartnerKindDeclaration | readonly PartnerKindDeclaration[]
  }
}
