import type { Payload } from 'payload'

import { collectionTable, postgresOf } from '../../../db/postgres'
import { isSearchLanguage, type SearchLanguage } from '../../../lib/searchLanguages'
import { searchLanguageField, searchTextField } from '../../search'
import type { Kind } from '../kinds/model'

/** Search answers come from the best this many matches: a search is for finding, not paging. */
export const searchMatchesMax = 1_000

/**
 * Ranking parses each match's text again (the index answers whether it matches, not how
 * well): only its start is parsed, where the title and the first words are, so a tenant of
 * many long records does not make every search parse all of them whole.
 */
export const searchRankCharacters = 2_000

/**
 * The ids of the tenant's records that match the words (PostgreSQL full-text search as written
 * on a web search form: quoted phrases, `or`, `-word`), best first, in the tenant's language.
 * One statement on the indexed `searchText` of the latest version of each record.
 */
export const rankedIds = async ({
  payload,
  kind,
  tenantId,
  language,
  words,
}: {
  payload: Payload
  kind: Kind
  tenantId: string
  language: SearchLanguage
  words: string
}): Promise<string[]> => {
  const table = collectionTable({ payload, collection: kind.collection, versions: kind.drafts })
  const text = table?.field(searchTextField)
  const stamped = table?.field(searchLanguageField)
  const tenant = table?.field('tenant')
  const id = table?.columns[kind.drafts ? 'parent' : 'id']?.name
  if (!table || !text || !stamped || !tenant || !id)
    throw new Error(`search: ${kind.collection} keeps no searchText`)
  // The language is one of a fixed list, written into the statement so that it is the same
  // expression and condition as its index (migrations search_text and search_language).
  if (!isSearchLanguage(language)) throw new Error(`search: no language ${String(language)}`)
  const document = `to_tsvector('${language}', coalesce("${text}", ''))`
  const query = `websearch_to_tsquery('${language}', $2)`
  const ranked = `to_tsvector('${language}', left(coalesce("${text}", ''), ${searchRankCharacters}))`
  const { rows } = await postgresOf(payload).pool.query<{ id: string }>(
    `SELECT "${id}" AS id FROM "${table.name}"
      WHERE "${tenant}" = $1 ${kind.drafts ? 'AND latest' : ''}
        ${language === 'simple' ? '' : `AND "${stamped}" = '${language}'`}
        AND ${document} @@ ${query}
      ORDER BY ts_rank(${ranked}, ${query}) DESC, "${id}"
      LIMIT ${searchMatchesMax}`,
    [tenantId, words],
  )
  return rows.map((row) => String(row.id))
}
