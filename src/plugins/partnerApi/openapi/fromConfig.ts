import type { Payload, SanitizedConfig } from 'payload'

/**
 * What the document builder reads of Payload (the configuration and each collection's fields),
 * made from a sanitised configuration alone: no database, no running instance.
 */
export const configOnly = (config: SanitizedConfig): Payload =>
  ({
    config,
    collections: Object.fromEntries(config.collections.map((c) => [c.slug, { config: c }])),
  }) as unknown as Payload
