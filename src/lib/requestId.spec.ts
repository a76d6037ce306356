import { describe, expect, it } from 'vitest'

import { requestIdOf } from './requestId'

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('requestIdOf', () => {
  it('keeps a sane id from a trusted peer', () => {
    expect(requestIdOf({ incoming: 'lb-1:abc.DEF_9', fromTrustedPeer: true })).toBe(
      'lb-1:abc.DEF_9',
    )
  })

  it('makes a new one from anyone else, or for an id that is not sane', () => {
    expect(requestIdOf({ incoming: 'abc', fromTrustedPeer: false })).toMatch(uuid)
    for (const incoming of ['', 'a b', 'x'.repeat(129), 'a\nb', undefined, ['a', 'b']])
      expect(requestIdOf({ incoming, fromTrustedPeer: true })).toMatch(uuid)
  })
})
