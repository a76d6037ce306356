import { readSettings } from '../lib/settings'

/**
 * Names for the statements a process runs again and again (every statement with parameters
 * sent through the pool: `resilientPg.ts` names them): PostgreSQL then keeps each parsed on
 * every connection that ran it once, where an unnamed statement is parsed on every run. It
 * still plans each run (`plan_cache_mode`, `adapter.ts`): a plan kept from a table's first
 * rows would scan the table once it had grown.
 *
 * A text is named from its third run, so a one-off filter never holds a connection's memory,
 * and at most `maxNames` texts are named: no connection keeps more prepared statements than
 * that; past it a text runs unnamed, as before. A name is never reused for another text: the
 * driver refuses that. `DB_PREPARED_STATEMENTS=off` names none.
 */
const maxNames = 200
const runsBeforeNamed = 3

let enabled: boolean | undefined

const names = new Map<string, string>()
/** Runs of texts not named yet; forgotten all at once past `maxRuns` texts. */
const runs = new Map<string, number>()
const maxRuns = 10_000
/** Texts whose prepared form PostgreSQL refused (a migration changed a table they read). */
const refused = new Set<string>()

export const preparedName = (text: string): string | undefined => {
  enabled ??= readSettings().dbPreparedStatements
  if (!enabled) return undefined
  const found = names.get(text)
  if (found) return refused.has(text) ? undefined : found
  if (names.size >= maxNames) return undefined
  const ran = (runs.get(text) ?? 0) + 1
  if (ran < runsBeforeNamed) {
    if (runs.size >= maxRuns) runs.clear()
    runs.set(text, ran)
    return undefined
  }
  runs.delete(text)
  const name = `cms_statement_${names.size + 1}`
  names.set(text, name)
  return name
}

/**
 * PostgreSQL's answer when a prepared statement's tables changed shape under it ("cached plan
 * must not change result type"): the text is then run unnamed for the rest of the process.
 */
export const isStalePreparedStatement = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '0A000'

export const refusePrepared = (text: string): void => {
  refused.add(text)
}
