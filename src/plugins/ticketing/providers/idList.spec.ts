import { describe, expect, it } from 'vitest'

import { parseInstanceIds } from './idList'

describe('parseInstanceIds', () => {
  it('reads a JSON array', () => {
    expect(parseInstanceIds('["67201AVCRK", "67202BXYZ"]')).toEqual(['67201AVCRK', '67202BXYZ'])
  })
  it('reads a comma-separated list', () => {
    expect(parseInstanceIds('67201AVCRK, 67202BXYZ,,67201AVCRK')).toEqual([
      '67201AVCRK',
      '67202BXYZ',
    ])
  })
  it('reads the ids in a broken array', () => {
    expect(parseInstanceIds('["67201AVCRK", "67202BXYZ"')).toEqual(['67201AVCRK', '67202BXYZ'])
  })
  it('answers none for nothing', () => {
    expect(parseInstanceIds('')).toEqual([])
    expect(parseInstanceIds(null)).toEqual([])
  })
})
