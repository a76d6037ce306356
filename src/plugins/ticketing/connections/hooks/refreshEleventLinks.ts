import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { relationId, type RelationValue } from '../../../../lib/relationId'
import { refreshEleventLinks } from '../../hooks/eleventLinks'

type Doc = Record<string, unknown> | undefined

const shopOf = (doc: Doc): string =>
  JSON.stringify([
    (doc?.elevent as Doc)?.shopAddress ?? null,
    (doc?.elevent as Doc)?.linkTemplate ?? null,
  ])

const tenantOf = (doc: Doc): string | undefined => {
  const id = relationId(doc?.tenant as RelationValue)
  return id ? String(id) : undefined
}

/**
 * An Elevent connection made, whose shop address or template changed, or deleted: its
 * tenant's Elevent performances get their `ticketingUrl` and `bookingUrl` again, in the
 * request's transaction (only that tenant's).
 */
export const refreshEleventLinksOnChange: CollectionAfterChangeHook = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  const was = previousDoc as Doc
  const is = doc as Doc
  if (is?.provider !== 'elevent' && was?.provider !== 'elevent') return doc
  if (operation === 'update' && shopOf(is) === shopOf(was) && is?.provider === was?.provider)
    return doc
  for (const tenantId of new Set([tenantOf(is), tenantOf(was)]))
    if (tenantId) await refreshEleventLinks({ req, tenantId })
  return doc
}

export const refreshEleventLinksOnDelete: CollectionAfterDeleteHook = async ({ doc, req }) => {
  const tenantId = tenantOf(doc as Doc)
  if ((doc as Doc)?.provider === 'elevent' && tenantId) await refreshEleventLinks({ req, tenantId })
  return doc
}
