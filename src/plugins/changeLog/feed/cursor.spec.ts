import { describe, expect, it } from 'vitest'

import { decodeCursor, encodeCursor, isRetiredCursor } from './cursor'

const scope = { secret: 'installation-secret', tenant: 'tenant-a' }

describe('change feed cursors', () => {
  it('round-trip, stay opaque and are the same for the same position', () => {
    const cursor = encodeCursor({ seq: 4217, ...scope })
    expect(cursor).not.toContain('4217')
    expect(Buffer.from(cursor, 'base64url').toString('latin1')).not.toContain('4217')
    expect(decodeCursor({ cursor, ...scope })).toBe(4217)
    expect(encodeCursor({ seq: 4217, ...scope })).toBe(cursor)
    expect(decodeCursor({ cursor: encodeCursor({ seq: 0, ...scope }), ...scope })).toBe(0)
  })

  it('carry no order: neighbouring positions share nothing a partner could count', () => {
    const a = encodeCursor({ seq: 1000, ...scope })
    const b = encodeCursor({ seq: 1001, ...scope })
    let same = 0
    for (let i = 1; i < a.length; i++) if (a[i] === b[i]) same++
    expect(same).toBeLessThan(8)
  })

  it('decode only in the feed they were made for', () => {
    const cursor = encodeCursor({ seq: 77, ...scope })
    expect(decodeCursor({ cursor, secret: scope.secret, tenant: 'tenant-b' })).toBeUndefined()
    expect(decodeCursor({ cursor, secret: 'other-secret', tenant: scope.tenant })).toBeUndefined()
  })

  it('no longer read the plain cursors handed out before, and know them as retired', () => {
    const legacy = Buffer.from('v1:4217').toString('base64url')
    expect(decodeCursor({ cursor: legacy, ...scope })).toBeUndefined()
    expect(isRetiredCursor(legacy)).toBe(true)
    expect(isRetiredCursor(encodeCursor({ seq: 4217, ...scope }))).toBe(false)
    expect(isRetiredCursor('djE6YWJj')).toBe(false)
  })

  it('refuse what they did not make', () => {
    for (const bad of [
      '',
      '4217',
      'djE6LTE',
      'djE6YWJj',
      'x'.repeat(65),
      'a+b/c=',
      'djI6MTA',
      `2${'A'.repeat(22)}`,
    ]) {
      expect(decodeCursor({ cursor: bad, ...scope }), bad).toBeUndefined()
    }
  })
})
