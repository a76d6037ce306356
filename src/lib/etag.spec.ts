import { describe, expect, it } from 'vitest'

import { etagOf, matches, noneMatch } from './etag'

describe('etagOf', () => {
  it('is the SHA-256 of the bytes, the same for a text and its UTF-8 bytes', () => {
    expect(etagOf('abc')).toBe('"ungWv48Bz-pBQUDeXa4iI7ADYaO"')
    expect(etagOf(new TextEncoder().encode('Théâtre'))).toBe(etagOf('Théâtre'))
    expect(etagOf('abd')).not.toBe(etagOf('abc'))
  })
})

describe('conditional headers', () => {
  const etag = etagOf('abc')

  it('If-None-Match compares weakly, among several tags, and * matches any', () => {
    expect(noneMatch({ header: `"x", W/${etag}`, etag })).toBe(true)
    expect(noneMatch({ header: '*', etag })).toBe(true)
    expect(noneMatch({ header: '"x"', etag })).toBe(false)
    expect(noneMatch({ header: null, etag })).toBe(false)
  })

  it('If-Match compares strongly: a weak tag never matches', () => {
    expect(matches({ header: etag, etag })).toBe(true)
    expect(matches({ header: `W/${etag}`, etag })).toBe(false)
  })
})
