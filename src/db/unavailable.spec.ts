import { describe, expect, it } from 'vitest'

import {
  DatabaseUnavailable,
  isConflictRollback,
  isDatabaseUnavailable,
  recordLostConnection,
} from './unavailable'

const withCode = (code: string): Error => Object.assign(new Error('x'), { code })

describe('isDatabaseUnavailable', () => {
  it('knows the connection-level SQLSTATEs and socket errors, through causes', () => {
    expect(isDatabaseUnavailable(withCode('57P01'))).toBe(true)
    expect(isDatabaseUnavailable(withCode('08006'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: withCode('ECONNREFUSED') }))).toBe(
      true,
    )
    expect(isDatabaseUnavailable(new DatabaseUnavailable('no connection'))).toBe(true)
  })

  it('answers a statement stopped by its time limit, or a lock it could not have, as not now', () => {
    expect(isDatabaseUnavailable(withCode('57014'))).toBe(true)
    expect(isDatabaseUnavailable(withCode('55P03'))).toBe(true)
  })

  it('answers a transaction rolled back for a conflict with another as not now', () => {
    expect(isDatabaseUnavailable(withCode('40P01'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: withCode('40001') }))).toBe(true)
    expect(isConflictRollback(new Error('wrapped', { cause: withCode('40P01') }))).toBe(true)
    expect(isConflictRollback(withCode('57P01'))).toBe(false)
  })

  it('does not take a refused statement for an outage', () => {
    expect(isDatabaseUnavailable(withCode('23505'))).toBe(false)
    expect(isDatabaseUnavailable(withCode('42P01'))).toBe(false)
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(false)
    expect(isDatabaseUnavailable(undefined)).toBe(false)
  })

  it('recognises an error the pool recorded as a lost connection', () => {
    const lost = new Error('Connection terminated unexpectedly')
    recordLostConnection(lost)
    expect(isDatabaseUnavailable(new Error('query failed', { cause: lost }))).toBe(true)
  })
})
