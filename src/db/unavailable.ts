/**
 * The database could not be reached, or dropped the connection while we waited: the request
 * changed nothing and may be retried. Thrown where we know it (no connection to be had, a
 * transaction that would not begin or commit), and recognised by `isDatabaseUnavailable` in what
 * the driver throws.
 */
export class DatabaseUnavailable extends Error {
  override readonly name = 'DatabaseUnavailable'
}

/** A transaction PostgreSQL rolled back for a conflict with another: serialisation, deadlock. */
const conflictSqlStates: readonly unknown[] = ['40001', '40P01']

/**
 * SQLSTATE classes and codes that mean "not now" rather than "not this": connection exceptions
 * (class 08), the server shutting down or starting (57P01–57P03), too many connections (53300),
 * a statement stopped by its time limit or a lock it could not have (57014, 55P03), and a
 * transaction rolled back for a conflict with another one (40001, 40P01: a deadlock the lock
 * orders leave possible, such as two bulk writes of the same records in opposite orders): the
 * request changed nothing, and a 500 would blame the server for the load.
 */
const unavailableSqlState = (code: string): boolean =>
  code.startsWith('08') ||
  conflictSqlStates.includes(code) ||
  ['57P01', '57P02', '57P03', '53300', '57014', '55P03'].includes(code)

/** What Node's sockets report when the server is not there or goes away. */
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH'])

/**
 * node-postgres reports a dead connection with a plain Error (no code) that it hands both to
 * the queries in flight and to the client's `error` event; the pool's listener records it here.
 */
const lostConnectionErrors = new WeakSet<object>()

export const recordLostConnection = (err: unknown): void => {
  if (typeof err === 'object' && err !== null) lostConnectionErrors.add(err)
}

/** `err` and its chain of causes, as far as drivers and ORMs wrap. */
function* causesOf(err: unknown): Generator<object> {
  let current: unknown = err
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    yield current
    current = (current as { cause?: unknown }).cause
  }
}

const codeOf = (err: object): unknown => (err as { code?: unknown }).code

/** Whether `err`, or anything in its chain of causes, says the database is unavailable. */
export const isDatabaseUnavailable = (err: unknown): boolean => {
  for (const current of causesOf(err)) {
    if (current instanceof DatabaseUnavailable || lostConnectionErrors.has(current)) return true
    const code = codeOf(current)
    if (typeof code === 'string' && (unavailableSqlState(code) || networkCodes.has(code)))
      return true
  }
  return false
}

/**
 * Whether PostgreSQL rolled the transaction back for a conflict with another (40001, 40P01).
 * Answered as "not now", but worth a line in the log: each one is a lock order to look at.
 */
export const isConflictRollback = (err: unknown): boolean => {
  for (const current of causesOf(err)) {
    if (conflictSqlStates.includes(codeOf(current))) return true
  }
  return false
}
