import type { Block, Payload, PayloadRequest } from 'payload'

import type { JsonSchema } from '../../../lib/jsonSchema'

/**
 * A property a block's answer gains when it is read, made from the tenant's other records as
 * they stand then (an event list's events). A block declares it as `custom.partnerResolved`;
 * the document describes it and `present.ts` fills it.
 */
export type BlockResolver = {
  /** The property's name in the block's answer. */
  name: string
  /** Its schema in the document (read only: bodies never carry it). */
  schema: JsonSchema
  /**
   * The property's value for each row, in order. `rows` are every block of this type in the
   * records being answered, all of one tenant, in their partner shape (references as ids).
   */
  resolve: (args: {
    payload: Payload
    tenantId: string
    rows: Record<string, unknown>[]
    req?: PayloadRequest
  }) => Promise<unknown[]>
}

export const blockResolverOf = (block: Block): BlockResolver | undefined => {
  const declared = (block.custom as { partnerResolved?: Partial<BlockResolver> } | undefined)
    ?.partnerResolved
  return declared && typeof declared.resolve === 'function' && declared.name && declared.schema
    ? (declared as BlockResolver)
    : undefined
}
