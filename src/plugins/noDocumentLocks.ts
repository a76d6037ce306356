import type { Plugin } from 'payload'

/**
 * Payload's document locks live in one collection for all tenants, readable and writable by
 * any signed-in user, and Payload offers no way to scope it (it is added after the plugins
 * run). Locking is turned off on every collection, so that collection does not exist at all.
 * Goes last among the plugins, so it sees the collections the others add.
 */
export const noDocumentLocks = (): Plugin => (config) => ({
  ...config,
  collections: (config.collections ?? []).map((collection) => ({
    ...collection,
    lockDocuments: false,
  })),
  globals: (config.globals ?? []).map((global) => ({ ...global, lockDocuments: false })),
})
