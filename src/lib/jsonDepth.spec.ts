import { describe, expect, it } from 'vitest'

import { jsonNestingDepth } from './jsonDepth'

describe('jsonNestingDepth', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonNestingDepth('1')).toBe(0)
    expect(jsonNestingDepth('{"a":[{"b":1}]}')).toBe(3)
    expect(jsonNestingDepth('{"a":"[[[{{{\\"[["}')).toBe(1)
  })

  it('stops early on a hostile depth', () => {
    const deep = '['.repeat(1_000_000)
    expect(jsonNestingDepth(deep, 100)).toBe(101)
  })
})
