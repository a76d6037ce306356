import { describe, expect, it } from 'vitest'

import { generateKey, hashSecret, keyPattern, parseKey, secretMatches } from './keyMaterial'

describe('key material', () => {
  it('makes keys that parse back to their prefix and match their own hash only', () => {
    const one = generateKey()
    const two = generateKey()
    expect(one.key).toMatch(keyPattern)
    expect(one.key).not.toBe(two.key)
    const parsed = parseKey(one.key)
    expect(parsed?.prefix).toBe(one.prefix)
    expect(parsed && secretMatches({ secret: parsed.secret, hash: one.hash })).toBe(true)
    expect(parsed && secretMatches({ secret: parsed.secret, hash: two.hash })).toBe(false)
    expect(one.hash).toBe(hashSecret(parsed?.secret ?? ''))
    expect(one.key).not.toContain(one.hash)
  })

  it('refuses anything not shaped like a key', () => {
    const { key } = generateKey()
    for (const bad of [
      '',
      'cms_',
      key.slice(0, -1),
      `${key}x`,
      key.replace('cms_', 'sk_'),
      ` ${key}`,
    ])
      expect(parseKey(bad)).toBeUndefined()
  })

  it('does not match a hash of another length', () => {
    expect(secretMatches({ secret: 'a', hash: 'abcd' })).toBe(false)
  })
})
