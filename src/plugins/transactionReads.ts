import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, Plugin } from 'payload'

import { forgetRecordReads } from '../db/transactionReads'
import { namedHooks } from '../lib/hookNames'

const forgetChanged: CollectionAfterChangeHook = async ({ collection, doc, req }) => {
  await forgetRecordReads({ req, record: { collection: collection.slug, id: String(doc.id) } })
  return doc
}

const forgetDeleted: CollectionAfterDeleteHook = async ({ collection, doc, id, req }) => {
  await forgetRecordReads({
    req,
    record: { collection: collection.slug, id: String((doc as { id?: unknown })?.id ?? id) },
  })
  return doc
}

/**
 * A write of any record ends what its transaction had kept of it (`db/transactionReads.ts`),
 * before any other hook of the write runs: the next read in the transaction sees the write.
 */
export const transactionReads = (): Plugin => (config) => ({
  ...config,
  collections: (config.collections ?? []).map((collection) => ({
    ...collection,
    hooks: {
      ...collection.hooks,
      afterChange: [...namedHooks({ forgetChanged }), ...(collection.hooks?.afterChange ?? [])],
      afterDelete: [forgetDeleted, ...(collection.hooks?.afterDelete ?? [])],
    },
  })),
})
