import { readSettings } from '../lib/settings'

/**
 * Names for the statements a process runs again and again (every statement with parameters
 * sent through the pool: `resilientPg.ts` names them): PostgreSQL then keeps each parsed on
 * every connection that ran it once, where an unnamed statement is parsed on every run. It
 * still plans each run (`plan_cache_mode`, `adapter.ts`): a plan kept from a table's first
 * rows would scan the table once it had grown. Work that finds rows by key only keeps its
 * plans (`keyPlans.ts`).
 *
 * A text is named from its third run, so a one-off filter never holds a connection's memory,
 * and at most `maxNames` texts are named: no connection keeps more prepared statements than
 * that; past it a text runs unnamed, as before. A name is never reused for another text: the
 * driver refuses that. `DB_PREPARED_STATEMENTS=off` names none.
 */
const maxNames = 200
const runsBeforeNamed = 3

const maxRuns = 10_000

type Names = {
  enabled?: boolean
  names: Map<string, string>
  /** Runs of texts not named yet; forgotten all at once past `maxRuns` texts. */
  runs: Map<string, number>
  /** Texts whose prepared form PostgreSQL refused (a migration changed a table they read). */
  refused: Set<string>
}

// One set of names per process: two copies of this file handing out the same name for
// different texts on one connection would make the driver refuse both.
const namesKey = Symbol.for('arts-cms.prepared-statements')
const state = (): Names => {
  const holder = globalThis as { [namesKey]?: Names }
  holder[namesKey] ??= { names: new Map(), runs: new Map(), refused: new Set() }
  return holder[namesKey]
}

/** Whether statements are named at all (`DB_PREPARED_STATEMENTS`). */
export const namesStatements = (): boolean => {
  const at = state()
  at.enabled ??= readSettings().dbPreparedStatements
  return at.enabled
}

export const preparedName = (text: string): string | undefined => {
  const at = state()
  if (!namesStatements()) return undefined
  const { names, runs, refused } = at
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
 * A prepared statement keeps the result and parameter types of its first parse. After a
 * migration changed its tables PostgreSQL refuses it ("cached plan must not change result
 * type", a column's or parameter's type no longer matching, a type dropped and made again)
 * where the same text unnamed would run: it is then run unnamed for the rest of the process.
 */
const staleCodes = new Set(['0A000', '42804', '42P18', '42883'])

export const isStalePreparedStatement = (err: unknown): boolean => {
  if (typeof err !== 'object' || err === null) return false
  const { code, message } = err as { code?: unknown; message?: unknown }
  return (
    (typeof code === 'string' && staleCodes.has(code)) ||
    (code === 'XX000' && typeof message === 'string' && /cache lookup failed/.test(message))
  )
}

export const refusePrepared = (text: string): void => {
  state().refused.add(text)
}
