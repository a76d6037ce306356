import { describe, expect, it } from 'vitest'

import { decodeCursor, encodeCursor } from './cursor'

describe('change feed cursors', () => {
  it('round-trip and stay opaque', () => {
    const cursor = encodeCursor(4217)
    expect(cursor).not.toContain('4217')
    expect(decodeCursor(cursor)).toBe(4217)
    expect(decodeCursor(encodeCursor(0))).toBe(0)
  })

  it('refuse what they did not make', () => {
    for (const bad of ['', '4217', 'djE6LTE', 'djE6YWJj', 'x'.repeat(65), 'a+b/c=', 'djI6MTA']) {
      expect(decodeCursor(bad), bad).toBeUndefined()
    }
  })
})
