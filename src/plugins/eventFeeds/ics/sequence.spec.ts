import { describe, expect, it } from 'vitest'

import { revisionOf } from './sequence'

describe('revisionOf', () => {
  it('is 0 for a performance unchanged since it was made, and rises with any later change', () => {
    const createdAt = '2027-01-01T10:00:00.000Z'
    expect(revisionOf({ createdAt, updatedAt: [createdAt] })).toEqual({
      sequence: 0,
      stamp: new Date(createdAt),
    })
    const moved = revisionOf({ createdAt, updatedAt: [createdAt, '2027-01-01T10:01:05.900Z'] })
    expect(moved.sequence).toBe(65)
    expect(moved.stamp.toISOString()).toBe('2027-01-01T10:01:05.000Z')
  })

  it('an event older than the performance does not lower it', () => {
    expect(
      revisionOf({
        createdAt: '2027-01-01T10:00:00.000Z',
        updatedAt: ['2026-06-01T00:00:00.000Z', null, '2027-01-01T10:00:10.000Z'],
      }).sequence,
    ).toBe(10)
  })
})
