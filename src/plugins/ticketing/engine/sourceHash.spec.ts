import { describe, expect, it } from 'vitest'

import { sourceHash } from './sourceHash'

describe('sourceHash', () => {
  it('is the same for the same data in any key order', () => {
    expect(sourceHash({ a: 1, b: { c: [1, 2], d: null } })).toBe(
      sourceHash({ b: { d: null, c: [1, 2] }, a: 1 }),
    )
  })
  it('changes with any value', () => {
    expect(sourceHash({ a: 1 })).not.toBe(sourceHash({ a: 2 }))
    expect(sourceHash({ a: [1, 2] })).not.toBe(sourceHash({ a: [2, 1] }))
  })
})
