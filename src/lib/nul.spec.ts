import { describe, expect, it } from 'vitest'

import { holdsNul } from './nul'

describe('holdsNul', () => {
  it('finds a NUL in any string or key, at any depth', () => {
    expect(holdsNul('a\u0000')).toBe(true)
    expect(holdsNul({ a: [{ b: 'x\u0000y' }] })).toBe(true)
    expect(holdsNul({ ['k\u0000']: 1 })).toBe(true)
    expect(holdsNul({ a: ['\\u0000', 'null', 0, null, true] })).toBe(false)
  })

  it('walks a value nested past the stack', () => {
    let deep: unknown = 'end\u0000'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(holdsNul(deep)).toBe(true)
  })
})
