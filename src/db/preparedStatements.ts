import { readSettings } from '../lib/settings'

/**
 * Names for the statements a process runs again and again (a kind's page, count and one
 * record): PostgreSQL then keeps each parsed and planned on every connection that ran it once,
 * where an unnamed statement is parsed and planned on every run. Measured on a list of ten
 * events and its count: half of PostgreSQL's CPU a request (`npm run bench`, uncached lists).
 *
 * A name is given to at most `maxNames` texts, so no connection holds more prepared statements
 * than that; past it a text runs unnamed, as before. A name is never reused for another text:
 * the driver refuses that. `DB_PREPARED_STATEMENTS=off` names none.
 */
const maxNames = 500

let enabled: boolean | undefined

const names = new Map<string, string>()
/** Texts whose prepared form PostgreSQL refused (a migration changed a table they read). */
const refused = new Set<string>()

export const preparedName = (text: string): string | undefined => {
  enabled ??= readSettings().dbPreparedStatements
  if (!enabled) return undefined
  const found = names.get(text)
  if (found) return refused.has(text) ? undefined : found
  if (names.size >= maxNames) return undefined
  const name = `cms_read_${names.size + 1}`
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
