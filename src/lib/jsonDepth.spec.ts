import { describe, expect, it } from 'vitest'

import { jsonNestingDepth, valueNestingDepth } from './jsonDepth'

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

describe('valueNestingDepth', () => {
  it('counts as the text does', () => {
    for (const text of ['1', '{"a":[{"b":1}]}', '[[],[[[]]],{}]', '{"a":{"b":{"c":"[[["}}}'])
      expect(valueNestingDepth(JSON.parse(text)), text).toBe(jsonNestingDepth(text))
  })

  it('walks a value nested past the stack, and stops early', () => {
    let deep: unknown = 1
    for (let i = 0; i < 200_000; i++) deep = { children: [deep] }
    expect(valueNestingDepth(deep)).toBe(400_000)
    expect(valueNestingDepth(deep, 64)).toBe(65)
  })
})
