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
  it("covers a performance's provider fields, raw status and keywords", () => {
    const instance = { externalId: 'P', providerStatus: 'On sale', fields: { 'x.y': 1 } }
    const of = (more: object) =>
      sourceHash({ kind: 'event-instances', instance: { ...instance, ...more } })
    expect(of({})).toBe(of({}))
    expect(of({ providerStatus: 'Sold out' })).not.toBe(of({}))
    expect(of({ fields: { 'x.y': 2 } })).not.toBe(of({}))
    expect(of({ keywords: ['jazz'] })).not.toBe(of({}))
  })
})
