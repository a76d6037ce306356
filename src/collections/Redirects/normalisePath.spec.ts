import { describe, expect, it } from 'vitest'

import { normalisePath } from './normalisePath'

describe('normalisePath', () => {
  it.each([
    ['https://theatre.example/Whats-On/?x=1', '/whats-on?x=1'],
    ['whats-on', '/whats-on'],
    ['//a///b//', '/a/b'],
    ['/', '/'],
    ['  /Tickets/  ', '/tickets'],
    ['/a?b=C?d', '/a?b=C?d'],
  ])('%s → %s', (input, output) => {
    expect(normalisePath(input)).toBe(output)
    expect(normalisePath(output)).toBe(output)
  })
})
