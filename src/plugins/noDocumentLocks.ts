import type { Plugin } from 'payload'

/**
 * Payload's document locks live in one collection for all tenants, readable and writable by
 * any signed-in user, and Payload offers no way to scope it (it is added after the plugins
 * run). Locking is turned off on every collection, so that collection does not exist at all.
 * Goes last among the plugins, so it sees the collections the others add. It sets the flag on
 * the configs it is given rather than copying them: the multi-tenant plugin before it keeps
 * references to those objects, and a copy would make a second build of the same options
 * (tests build variants) add the users' tenant field twice.
 */
export const noDocumentLocks = (): Plugin => (config) => {
  for (const collection of config.collections ?? []) collection.lockDocuments = false
  for (const global of config.globals ?? []) global.lockDocuments = false
  return config
}
