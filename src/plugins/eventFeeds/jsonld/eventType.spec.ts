import { describe, expect, it } from 'vitest'

import { eventTypeOf } from './eventType'

describe('eventTypeOf', () => {
  it('reads the box office categories, first match by the fixed order', () => {
    expect(eventTypeOf({ lineup: { eventType: 'Theatre' } })).toBe('TheaterEvent')
    expect(eventTypeOf({ lineup: { eventCategory: 'Opera' } })).toBe('MusicEvent')
    expect(eventTypeOf({ tessitura: { keywords: 'family, dance theatre' } })).toBe('DanceEvent')
    expect(eventTypeOf({ lineup: { tags: 'Stand-up, theater' } })).toBe('ComedyEvent')
    expect(eventTypeOf({ lineup: { eventType: 'Film' } })).toBe('ScreeningEvent')
  })

  it('is a plain Event without a known word (no partial words either)', () => {
    expect(eventTypeOf({})).toBe('Event')
    expect(eventTypeOf({ lineup: { eventType: 'Workshop', tags: 'playground' } })).toBe('Event')
  })
})
