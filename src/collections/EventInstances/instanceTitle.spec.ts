import { describe, expect, it } from 'vitest'

import { instanceTitle, nextTitle } from './instanceTitle'

const july = { eventTitle: 'Hamlet', start: '2027-07-10T18:30:00.000Z', timeZone: 'Europe/London' }
const december = { ...july, start: '2027-12-10T19:30:00.000Z' }

describe('instanceTitle', () => {
  it('names the event and the local start', () => {
    expect(instanceTitle(july)).toBe('Hamlet — 2027-07-10 19:30')
    expect(instanceTitle(december)).toBe('Hamlet — 2027-12-10 19:30')
    expect(instanceTitle({ ...july, timeZone: 'America/New_York' })).toBe(
      'Hamlet — 2027-07-10 14:30',
    )
  })

  it('is none without an event title or a start', () => {
    expect(instanceTitle({ ...july, eventTitle: '' })).toBeUndefined()
    expect(instanceTitle({ ...july, start: null })).toBeUndefined()
  })
})

describe('nextTitle', () => {
  it('fills an empty title', () => {
    expect(nextTitle({ title: '', previous: undefined, next: july })).toBe(
      'Hamlet — 2027-07-10 19:30',
    )
    expect(nextTitle({ title: null, previous: july, next: july })).toBe('Hamlet — 2027-07-10 19:30')
  })

  it('follows the start while the title is the default', () => {
    expect(nextTitle({ title: 'Hamlet — 2027-07-10 19:30', previous: july, next: december })).toBe(
      'Hamlet — 2027-12-10 19:30',
    )
    // A title made before zones (UTC) follows too.
    expect(nextTitle({ title: 'Hamlet — 2027-07-10 18:30', previous: july, next: december })).toBe(
      'Hamlet — 2027-12-10 19:30',
    )
  })

  it("keeps an editor's own title", () => {
    expect(nextTitle({ title: 'Gala night', previous: july, next: december })).toBe('Gala night')
    expect(
      nextTitle({ title: 'Hamlet — 2027-07-10 19:30', previous: undefined, next: december }),
    ).toBe('Hamlet — 2027-07-10 19:30')
  })

  it('leaves the title as it is when no default can be made', () => {
    expect(nextTitle({ title: '', previous: undefined, next: { ...july, start: null } })).toBe('')
  })
})
