import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterChangeHook, CollectionSlug } from 'payload'

import { executeInRequest } from '../../../db/inTransaction'
import { collectionTable } from '../../../db/postgres'
import { defaultSearchLanguage, isSearchLanguage } from '../../../lib/searchLanguages'
import type { Tenant } from '../../../payload-types'
import { announceChange } from '../../../plugins/partnerApi/cache/freshness'
import { searchableCollections, searchLanguageField } from '../../../plugins/search'

/**
 * A tenant that changes its language has every record (and every version) searched in the new
 * one from this commit on: the language is kept on each row so each has an index of its own.
 * One statement per table, in the tenant's save's transaction, with no new versions.
 */
export const restampSearchLanguage: CollectionAfterChangeHook<Tenant> = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  if (operation !== 'update' || previousDoc?.language === doc.language) return doc
  for (const collection of searchableCollections(req.payload.config.collections)) {
    const drafts = Boolean(
      req.payload.collections[collection as CollectionSlug]?.config.versions?.drafts,
    )
    for (const versions of drafts ? [false, true] : [false]) {
      const table = collectionTable({ payload: req.payload, collection, versions })
      const language = table?.field(searchLanguageField)
      const tenant = table?.field('tenant')
      if (!table || !language || !tenant) continue
      await executeInRequest({
        req,
        query: sql`update ${sql.identifier(table.name)} set ${sql.identifier(language)} = ${isSearchLanguage(doc.language) ? doc.language : defaultSearchLanguage}
          where ${sql.identifier(tenant)} = ${doc.id}`,
      })
    }
  }
  // Searches now answer differently: the tenant's cached partner answers end at the commit.
  await announceChange({ req, scope: doc.id })
  return doc
}
