import { describe, expect, it } from 'vitest'

import { backoffMs, parseRetryAfter } from './retry'

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-09-01T10:00:00Z')
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter({ value: '120', now })).toBe(120_000)
    expect(parseRetryAfter({ value: 'Tue, 01 Sep 2026 10:00:30 GMT', now })).toBe(30_000)
    expect(parseRetryAfter({ value: 'Tue, 01 Sep 2026 09:00:00 GMT', now })).toBe(0)
  })
  it('ignores what it cannot read', () => {
    expect(parseRetryAfter({ value: undefined, now })).toBeUndefined()
    expect(parseRetryAfter({ value: 'soon', now })).toBeUndefined()
    expect(parseRetryAfter({ value: '-5', now })).toBeUndefined()
  })
})

describe('backoffMs', () => {
  it('doubles from half a second', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([500, 1000, 2000, 4000])
    expect(backoffMs(20)).toBe(30_000)
  })
})
