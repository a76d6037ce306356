import { sql } from '@payloadcms/db-postgres/drizzle'
import type { CollectionBeforeChangeHook, Payload, PayloadRequest } from 'payload'

import { executeInRequest } from '../../../db/inTransaction'
import { collectionTable } from '../../../db/postgres'
import { isPublished } from '../../../access/published'

/** A record, as a save's hooks name it, in that save's request. */
type RecordAt = { req: PayloadRequest; collection: string; id: unknown }

/**
 * Whether a draft kind's record has a published version now: its own table's row (a draft
 * save writes the versions table only, so that row is what is published). Read in the save's
 * transaction.
 */
export const isLive = async ({ req, collection, id }: RecordAt): Promise<boolean> => {
  const table = collectionTable({ payload: req.payload as Payload, collection })
  const status = table?.field('_status')
  if (!table || !status || id === undefined || id === null) return false
  const [row] = await executeInRequest<{ status: string | null }>({
    req,
    query: sql`select ${sql.identifier(status)} as status from ${sql.identifier(table.name)}
      where id = ${String(id)}`,
  })
  return isPublished(row?.status)
}

const contextKey = ({ collection, id }: { collection: string; id: unknown }) =>
  `changeLog.liveBefore:${collection}:${String(id)}`

/** Remembers, before an update writes, whether the record was published. */
export const rememberLive: CollectionBeforeChangeHook = async ({
  collection,
  operation,
  originalDoc,
  req,
  data,
}) => {
  const id = (originalDoc as { id?: unknown } | undefined)?.id
  if (operation === 'update' && id !== undefined)
    req.context[contextKey({ collection: collection.slug, id })] = await isLive({
      req,
      collection: collection.slug,
      id,
    })
  return data
}

/** What `rememberLive` found for this record in this request: `false` for a create. */
export const liveBefore = ({ req, collection, id }: RecordAt): boolean =>
  req.context[contextKey({ collection, id })] === true
