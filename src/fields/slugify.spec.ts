import { describe, expect, it } from 'vitest'

import { slugify } from './slugify'

describe('slugify', () => {
  it.each([
    ['Le Nozze di Fígaro!', 'le-nozze-di-figaro'],
    ['Romeo & Juliet', 'romeo-and-juliet'],
    ['  --Hamlet--  ', 'hamlet'],
    ['Ça ira (2027)', 'ca-ira-2027'],
    ['???', ''],
  ])('%s → %s', (input, output) => expect(slugify(input)).toBe(output))

  it('stays within 120 characters and never ends on a hyphen', () => {
    const long = slugify(`${'a'.repeat(119)} b`)
    expect(long.length).toBeLessThanOrEqual(120)
    expect(long.endsWith('-')).toBe(false)
  })
})
