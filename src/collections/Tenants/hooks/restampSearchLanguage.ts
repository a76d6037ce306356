import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, CollectionSlug } from 'payload'
import { ValidationError } from 'payload'

import { executeInRequest } from '../../../db/inTransaction'
import { collectionTable } from '../../../db/postgres'
import { defaultSearchLanguage, isSearchLanguage } from '../../../lib/searchLanguages'
import type { Tenant } from '../../../payload-types'
import { announceChange } from '../../../plugins/partnerApi/exports/server'
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

/**
 * One change of language at a time per tenant: a restamp rewrites every row of the tenant and
 * holds its save's connection meanwhile, so a second change is refused at once rather than
 * left waiting on the first with a connection of its own. Taken before the tenant's row is.
 */
export const oneLanguageChangeAtATime: CollectionBeforeChangeHook<Tenant> = async ({
  data,
  originalDoc,
  operation,
  req,
}) => {
  if (operation !== 'update' || !data.language || data.language === originalDoc?.language)
    return data
  const [lock] = await executeInRequest<{ held: boolean }>({
    req,
    query: sql`select pg_try_advisory_xact_lock(hashtextextended(${`search language:${String(originalDoc?.id)}`}, 0)) as held`,
  })
  if (!lock?.held)
    throw new ValidationError({
      collection: 'tenants',
      errors: [
        {
          path: 'language',
          message: 'A change of language is under way for this tenant; try again when it is done.',
        },
      ],
      req,
    })
  return data
}
