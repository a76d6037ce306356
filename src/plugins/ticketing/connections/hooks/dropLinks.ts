import type { CollectionBeforeDeleteHook } from 'payload'

import { dropLinksOfConnection } from '../../engine/links'

/**
 * A deleted connection's links to records go with it; the records stay. A connection made
 * again later links them again by their provider ids (an editor's `syncConnected` event).
 */
export const dropLinks: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await dropLinksOfConnection({ req, connectionId: String(id) })
}
