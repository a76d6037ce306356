import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionConfig,
  Plugin,
  PayloadRequest,
} from 'payload'

import { relationId, type RelationValue } from '../../../lib/relationId'
import { collectionsDeclaring } from '../kinds/declared'
import { announceChange } from './freshness'
import { namedHooks } from '../../../lib/hookNames'

type Doc = { tenant?: RelationValue } | undefined

/**
 * Every write of every tenant-owned record ends its tenant's cached answers: at its commit
 * here, at its NOTIFY on the other instances. Not only the change log's writes: a save that
 * changes nothing but `updatedAt`, a folder or tag whose delete changes the media that pointed
 * at it, and a record moved to another tenant (both tenants) change answers too.
 */
const announce = async ({ req, docs }: { req: PayloadRequest; docs: Doc[] }): Promise<void> => {
  const tenants = new Set(docs.map((doc) => relationId(doc?.tenant)).filter(Boolean))
  for (const tenant of tenants) await announceChange({ req, scope: String(tenant) })
}

const afterChange: CollectionAfterChangeHook = async ({ req, doc, previousDoc }) => {
  await announce({ req, docs: [doc as Doc, previousDoc as Doc] })
  return doc
}

const afterDelete: CollectionAfterDeleteHook = async ({ req, doc }) => {
  await announce({ req, docs: [doc as Doc] })
  return doc
}

/** The hooks, last on every collection that declares itself `tenantOwned`. */
export const dropAnswersOnWrite = (): Plugin => (config) => {
  const owned = new Set<string>(
    collectionsDeclaring({ collections: config.collections ?? [], fact: 'tenantOwned' }),
  )
  const withHooks = (collection: CollectionConfig): CollectionConfig =>
    owned.has(collection.slug)
      ? {
          ...collection,
          hooks: {
            ...collection.hooks,
            afterChange: [
              ...(collection.hooks?.afterChange ?? []),
              ...namedHooks({ dropCachedAnswers: afterChange }),
            ],
            afterDelete: [...(collection.hooks?.afterDelete ?? []), afterDelete],
          },
        }
      : collection
  return { ...config, collections: (config.collections ?? []).map(withHooks) }
}
