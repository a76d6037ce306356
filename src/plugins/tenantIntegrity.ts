import type { Plugin } from 'payload'

import { ensureSameTenantReferences } from '../hooks/ensureSameTenantReferences'
import { ensureTenantMembership } from '../hooks/ensureTenantMembership'
import { lockBulkWrittenRecord, lockEditedRecord } from '../hooks/lockEditedRecord'
import { noteDraftSave, refuseDraftMoves } from '../hooks/refuseDraftMoves'
import { refuseStrandingMoves } from '../hooks/refuseStrandingMoves'
import { namedHooks } from '../lib/hookNames'

/**
 * The write side of tenant isolation on every tenant-owned collection: a record is written only
 * into a tenant of its author, and points only at records of its own tenant.
 */
export const tenantIntegrity = (): Plugin => (config) => ({
  ...config,
  collections: (config.collections ?? []).map((collection) =>
    collection.custom?.tenantOwned === true
      ? {
          ...collection,
          hooks: {
            ...collection.hooks,
            beforeOperation: [
              ...(collection.hooks?.beforeOperation ?? []),
              ...namedHooks({ noteDraftSave, lockEditedRecord }),
            ],
            beforeValidate: [
              ...namedHooks({ ensureTenantMembership, refuseDraftMoves }),
              ...(collection.hooks?.beforeValidate ?? []),
            ],
            // A bulk write's record is taken before any other hook of it runs (and writes).
            beforeChange: [
              ...namedHooks({ lockBulkWrittenRecord: lockBulkWrittenRecord.beforeChange }),
              ...(collection.hooks?.beforeChange ?? []),
              ...namedHooks({ ensureSameTenantReferences, refuseStrandingMoves }),
            ],
            beforeDelete: [
              ...namedHooks({ lockBulkWrittenRecord: lockBulkWrittenRecord.beforeDelete }),
              ...(collection.hooks?.beforeDelete ?? []),
            ],
          },
        }
      : collection,
  ),
})
