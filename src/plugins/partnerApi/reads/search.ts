import { sql } from '@payloadcms/db-postgres/drizzle'
import { PgDialect } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { Payload } from 'payload'
import type { PoolClient } from 'pg'

import { readScope, withinScope } from '../../../access/readScope'
import { payloadQuery } from '../../../db/payloadQuery'
import { collectionTable } from '../../../db/postgres'
import { onReadPool } from '../../../db/readReplicas'
import type { ReadPool } from '../../../db/replicaState'
import { fairQueue, fairRefusal } from '../../../lib/fairQueues'
import { isSearchLanguage, type SearchLanguage } from '../../../lib/searchLanguages'
import { searchLanguageField, searchTextField } from '../../search'
import type { Kind } from '../kinds/model'
import type { PartnerPrincipal } from '../types'
import { versionFilter, type ReadVersion } from './version'
import { fail } from '../../../lib/partnerProblem'

/** Search answers come from the best this many matches: a search is for finding, not paging. */
export const searchMatchesMax = 1_000

/**
 * Ranking parses each match's text again (the index answers whether it matches, not how
 * well): only its start is parsed, where the title and the first words are, so a tenant of
 * many long records does not make every search parse all of them whole.
 */
export const searchRankCharacters = 2_000

/**
 * How long one search statement may run: a search holds a connection of the shared pool while
 * it runs (a broad one re-reads many rows' text to rank them), so a search past its time ends.
 * How many run at once is the `search` fair queue's (lib/fairQueues.ts): one tenant's searches
 * never take the pool from the others.
 */
export const searchLimits = { timeoutMs: 3_000 }

/**
 * The ids of the principal's records that match the words (PostgreSQL full-text search as
 * written on a web search form: quoted phrases, `or`, `-word`), best first, in the tenant's
 * language. One statement on the indexed `searchText` of the version read: what is published
 * (the collection's table), or the latest version of each record (its versions table); what
 * the principal may read of it (the collection's read access: the tenant rule) and the version
 * are Payload's query builder's conditions. Words that only leave things out (`-word`) find
 * nothing the index can look up, and are refused.
 */
export const rankedIds = async ({
  payload,
  kind,
  version,
  principal,
  language,
  words,
}: {
  payload: Payload
  kind: Kind
  version: ReadVersion
  principal: PartnerPrincipal
  language: SearchLanguage
  words: string
}): Promise<string[]> => {
  const versions = kind.drafts && version === 'latest'
  const table = collectionTable({ payload, collection: kind.collection, versions })
  const text = table?.field(searchTextField)
  const stamped = table?.field(searchLanguageField)
  const id = table?.columns[versions ? 'parent' : 'id']?.name
  if (!table || !text || !stamped || !id)
    throw new Error(`search: ${kind.collection} keeps no searchText`)
  const scope = await readScope({ payload, collection: kind.collection, user: principal.user })
  if (scope === false) return []
  const within = payloadQuery({
    payload,
    collection: kind.collection,
    versions,
    where: withinScope({ scope, where: versionFilter({ kind, version }).where }) ?? {},
  }).where
  // The language is one of a fixed list, written into the statement so that it is the same
  // expression and condition as its index (migrations search_text and search_language).
  if (!isSearchLanguage(language)) throw new Error(`search: no language ${String(language)}`)
  const searched = sql.raw(`coalesce("${text}", '')`)
  const query = sql`websearch_to_tsquery(${sql.raw(`'${language}'`)}, ${words})`
  const document = sql`to_tsvector(${sql.raw(`'${language}'`)}, ${searched})`
  const ranked = sql`to_tsvector(${sql.raw(`'${language}'`)}, left(${searched}, ${sql.raw(String(searchRankCharacters))}))`
  const statement =
    dialect.sqlToQuery(sql`SELECT ${sql.identifier(id)} AS id FROM ${sql.identifier(table.name)}
      WHERE ${within ?? sql`TRUE`}
        ${language === 'simple' ? sql`` : sql.raw(`AND "${stamped}" = '${language}'`)}
        AND ${document} @@ ${query}
      ORDER BY ts_rank(${ranked}, ${query}) DESC, ${sql.identifier(id)}
      LIMIT ${sql.raw(String(searchMatchesMax))}`)
  const answer = await fairQueue({ name: 'search' }).run({
    owner: principal.tenant.id,
    task: () =>
      withinTime({
        payload,
        work: async (client) => {
          const tree = await client.query<{ tree: string }>(
            `SELECT querytree(websearch_to_tsquery('${language}', $1)) AS tree`,
            [words],
          )
          if (tree.rows[0]?.tree === 'T')
            fail({
              status: 400,
              detail:
                'A search needs a word to find: words that are only left out ("-word") would have every record read.',
              errors: [{ field: 'search', message: 'Give at least one word to find.' }],
            })
          const { rows } = await client.query<{ id: string }>(statement.sql, statement.params)
          return rows.map((row) => String(row.id))
        },
      }),
  })
  if ('value' in answer) return answer.value
  throw fairRefusal({ over: answer.over, work: 'searches' })
}

/** Renders a statement to text and parameters for a pool client of its own. */
const dialect = new PgDialect()

/** Runs `work` on one connection in a transaction whose statements stop at the search's time. */
const withinTime = async <T>({
  payload,
  work,
}: {
  payload: Payload
  work: (client: PoolClient) => Promise<T>
}): Promise<T> => {
  // A replica's connection when the read may use one (search only reads), and the search
  // asked again of the primary if the replica fails it partway.
  return onReadPool({ payload, work: (pool) => inTransaction({ pool, work }) })
}

const inTransaction = async <T>({
  pool,
  work,
}: {
  pool: ReadPool
  work: (client: PoolClient) => Promise<T>
}): Promise<T> => {
  const client = await pool.connect()
  let broken: Error | undefined
  try {
    await client.query('BEGIN')
    await client.query(`SET LOCAL statement_timeout = ${searchLimits.timeoutMs}`)
    const value = await work(client)
    await client.query('COMMIT')
    return value
  } catch (err) {
    await client.query('ROLLBACK').catch((rollback: unknown) => {
      broken = rollback instanceof Error ? rollback : new Error(String(rollback))
    })
    if ((err as { code?: unknown }).code === queryCanceled)
      fail({
        status: 503,
        detail: `The search took longer than ${searchLimits.timeoutMs} ms; narrow it with more words or a filter.`,
        headers: { 'retry-after': '5' },
      })
    throw err
  } finally {
    client.release(broken)
  }
}

/** SQLSTATE of a statement stopped by its `statement_timeout`. */
const queryCanceled = '57014'
