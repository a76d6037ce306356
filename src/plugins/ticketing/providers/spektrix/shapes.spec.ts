import { describe, expect, it } from 'vitest'

import { ProviderError } from '../http'
import { readEvents, readInstances, readStatus } from './shapes'

const instance = {
  id: '67201AVCRKQDBSGLQHRCLJQTBDLCTLNNQ',
  event: { id: '34001AGQQHTLTHTMBJQGPRQRMLLBGHNMV' },
  start: '2026-09-12T19:30:00',
  startUtc: '2026-09-12T18:30:00',
  isOnSale: true,
  cancelled: false,
}

describe('Spektrix answers', () => {
  it('reads `startUtc` (no zone) as UTC', () => {
    expect(readInstances([instance])[0]?.startUtc).toBe('2026-09-12T18:30:00.000Z')
  })

  it.each([
    ['a list that is not one', { instances: [] }],
    ['an id that is not a string', [{ ...instance, id: 67201 }]],
    ['a date that does not parse', [{ ...instance, startUtc: 'soon' }]],
    ['a flag that is not a boolean', [{ ...instance, cancelled: 'no' }]],
    ['an entry without its event', [{ ...instance, event: null }]],
  ])('refuses %s', (_, body) => {
    expect(() => readInstances(body)).toThrow(ProviderError)
  })

  it('takes an event without a description, duration or image', () => {
    expect(readEvents([{ id: '1A', name: 'X' }])).toEqual([
      { id: '1A', name: 'X', description: '', duration: null, imageUrl: null, altText: '' },
    ])
  })

  it('takes an image only from an http(s) address', () => {
    const read = (imageUrl: unknown) => readEvents([{ id: '1A', name: 'X', imageUrl }])[0]!.imageUrl
    expect(read('https://cdn.example.org/a.jpg')).toBe('https://cdn.example.org/a.jpg')
    expect(read('')).toBeNull()
    expect(read('file:///etc/passwd')).toBeNull()
    expect(read('javascript:alert(1)')).toBeNull()
    expect(read(42)).toBeNull()
  })

  it('refuses a status without counts', () => {
    expect(() => readStatus({ available: '12' })).toThrow(/"available" is not a count/)
  })
})
