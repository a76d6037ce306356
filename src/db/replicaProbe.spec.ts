import { describe, expect, it } from 'vitest'

import { walPosition } from './replicaProbe'

describe('walPosition', () => {
  it('orders WAL positions across the high word, as pg_lsn does', () => {
    expect(walPosition('0/16B3748')).toBe(0x16b3748n)
    expect(walPosition('1/0')).toBeGreaterThan(walPosition('0/FFFFFFFF'))
    expect(walPosition('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n)
  })
})
