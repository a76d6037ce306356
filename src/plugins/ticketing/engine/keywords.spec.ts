import { describe, expect, it } from 'vitest'

import { matchesKeywords } from './keywords'

describe('matchesKeywords', () => {
  it('keeps every performance without a filter, or with an empty one', () => {
    expect(matchesKeywords({ filter: null, keywords: [] })).toBe(true)
    expect(matchesKeywords({ filter: [], keywords: ['Jazz'] })).toBe(true)
    expect(matchesKeywords({ filter: [' '], keywords: [] })).toBe(true)
  })

  it('keeps one with any of the words, whatever their case', () => {
    expect(matchesKeywords({ filter: ['jazz', 'Opera'], keywords: ['OPERA '] })).toBe(true)
    expect(matchesKeywords({ filter: ['jazz'], keywords: ['Opera'] })).toBe(false)
    expect(matchesKeywords({ filter: ['jazz'], keywords: [] })).toBe(false)
  })
})
