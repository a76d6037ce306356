import type { CollectionConfig } from 'payload'

import type { SyncedKind } from '../types'
import { eleventEventLinks, eleventInstanceLink } from './eleventLinks'
import { withLockedFields } from './lockedFieldAccess'
import { dropLinksOnDelete, lockEventFields, lockInstanceFields } from './locks'
import { namedHooks } from '../../../lib/hookNames'

const hooksFor: Record<
  SyncedKind,
  Pick<NonNullable<CollectionConfig['hooks']>, 'beforeChange' | 'afterChange'>
> = {
  events: {
    beforeChange: namedHooks({ lockEventFields }),
    afterChange: namedHooks({ eleventEventLinks }),
  },
  // Elevent's link before the collection's own hooks: `keepBookingUrl` derives from it.
  'event-instances': { beforeChange: namedHooks({ lockInstanceFields, eleventInstanceLink }) },
}

/**
 * What the sync adds to the collections it writes: the locks on provider-owned fields (first,
 * before any hook derives values from the body) and the cleanup of a deleted record's links.
 */
export const withSyncHooks = (collections: CollectionConfig[]): CollectionConfig[] =>
  collections.map((collection) => {
    const kind = collection.slug as SyncedKind
    const added = hooksFor[kind]
    if (!added) return collection
    return {
      ...withLockedFields(collection),
      hooks: {
        ...collection.hooks,
        beforeChange: [...(added.beforeChange ?? []), ...(collection.hooks?.beforeChange ?? [])],
        afterChange: [...(collection.hooks?.afterChange ?? []), ...(added.afterChange ?? [])],
        afterDelete: [...(collection.hooks?.afterDelete ?? []), dropLinksOnDelete(kind)],
      },
    }
  })
