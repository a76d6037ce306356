import { describe, expect, it } from 'vitest'

import { excerptChars } from '../defaults'
import { excerptOf } from './send'

describe('excerptOf', () => {
  it('keeps the start of a text answer, without control characters', () => {
    const body = Buffer.from(`ok\u0000\u0007 done ${'x'.repeat(excerptChars * 2)}`)
    const excerpt = excerptOf({ body, type: 'text/plain; charset=utf-8', size: body.length })
    expect(excerpt.startsWith('ok done')).toBe(true)
    expect(excerpt).toHaveLength(excerptChars)
    expect(JSON.stringify(excerpt)).not.toMatch(/\\u0000/)
  })
  it('never cuts a character in half (PostgreSQL refuses a lone surrogate)', () => {
    const body = Buffer.from(`${'a'.repeat(excerptChars - 1)}😀😀`)
    const excerpt = excerptOf({ body, type: 'text/plain', size: body.length })
    expect(excerpt.endsWith('😀')).toBe(true)
    expect(() => encodeURIComponent(excerpt)).not.toThrow()
  })

  it('says what a binary answer was', () => {
    const body = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0])
    expect(excerptOf({ body, type: 'image/png', size: 5000 })).toBe('(5000 bytes of image/png)')
  })
})
