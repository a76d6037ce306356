import { getTableColumns } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { collectionTableName, postgresOf } from '../../../db/postgres'
import { searchTextField } from '../../search'
import type { Kind } from '../kinds/model'

/** Search answers come from the best this many matches: a search is for finding, not paging. */
export const searchMatchesMax = 1_000

/**
 * The ids of the tenant's records that match the words (PostgreSQL full-text search as written
 * on a web search form: quoted phrases, `or`, `-word`), best first. One statement on the
 * indexed `searchText` of the latest version of each record.
 */
export const rankedIds = async ({
  payload,
  kind,
  tenantId,
  words,
}: {
  payload: Payload
  kind: Kind
  tenantId: string
  words: string
}): Promise<string[]> => {
  const tableName = collectionTableName({
    payload,
    collection: kind.collection,
    versions: kind.drafts,
  })
  const db = postgresOf(payload)
  const table = tableName ? db.tables[tableName] : undefined
  if (!table) throw new Error(`search: no table for ${kind.collection}`)
  const columns = getTableColumns(table) as unknown as Record<string, { name: string }>
  const prefix = kind.drafts ? 'version_' : ''
  const text = columns[`${prefix}${searchTextField}`]
  const tenant = columns[`${prefix}tenant`]
  const id = columns[kind.drafts ? 'parent' : 'id']
  if (!text || !tenant || !id) throw new Error(`search: ${kind.collection} keeps no searchText`)
  // The same expression as the index (migration search_text), so the index answers.
  const document = `to_tsvector('simple', coalesce("${text.name}", ''))`
  const { rows } = await db.pool.query<{ id: string }>(
    `SELECT "${id.name}" AS id FROM "${tableName}"
      WHERE "${tenant.name}" = $1 ${kind.drafts ? 'AND latest' : ''}
        AND ${document} @@ websearch_to_tsquery('simple', $2)
      ORDER BY ts_rank(${document}, websearch_to_tsquery('simple', $2)) DESC, "${id.name}"
      LIMIT ${searchMatchesMax}`,
    [tenantId, words],
  )
  return rows.map((row) => String(row.id))
}
