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

  it('takes an event without a description or duration', () => {
    expect(readEvents([{ id: '1A', name: 'X' }])).toEqual([
      { id: '1A', name: 'X', description: '', duration: null },
    ])
  })

  it('refuses a status without counts', () => {
    expect(() => readStatus({ available: '12' })).toThrow(/"available" is not a count/)
  })
})
