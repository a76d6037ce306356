import { describe, expect, it } from 'vitest'

import { instantAt, isoInZone, localDateTime, offsetAt } from './zonedTime'

describe('isoInZone', () => {
  it('answers the local offset of the zone at that instant', () => {
    const summer = '2027-07-10T18:30:00.000Z'
    const winter = '2027-12-10T19:30:00.000Z'
    expect(isoInZone({ value: summer, timeZone: 'Europe/London' })).toBe(
      '2027-07-10T19:30:00.000+01:00',
    )
    expect(isoInZone({ value: winter, timeZone: 'Europe/London' })).toBe(
      '2027-12-10T19:30:00.000+00:00',
    )
    expect(isoInZone({ value: summer, timeZone: 'America/New_York' })).toBe(
      '2027-07-10T14:30:00.000-04:00',
    )
    expect(isoInZone({ value: winter, timeZone: 'Asia/Kolkata' })).toBe(
      '2027-12-11T01:00:00.000+05:30',
    )
  })

  it('names the same instant, milliseconds included', () => {
    const value = '2027-03-28T00:59:59.123Z'
    const answered = isoInZone({ value, timeZone: 'Europe/London' }) as string
    expect(answered).toBe('2027-03-28T00:59:59.123+00:00')
    expect(new Date(answered).toISOString()).toBe(value)
    const after = isoInZone({ value: '2027-03-28T01:00:00.000Z', timeZone: 'Europe/London' })
    expect(after).toBe('2027-03-28T02:00:00.000+01:00')
  })

  it('falls back to UTC without a zone, and leaves non-instants alone', () => {
    expect(isoInZone({ value: new Date(0), timeZone: null })).toBe('1970-01-01T00:00:00.000Z')
    expect(isoInZone({ value: '2027-01-01T00:00:00Z', timeZone: 'No/Such_Zone' })).toBe(
      '2027-01-01T00:00:00.000Z',
    )
    expect(isoInZone({ value: null, timeZone: 'Europe/London' })).toBeNull()
    expect(isoInZone({ value: 'soon', timeZone: 'Europe/London' })).toBe('soon')
  })

  it('keeps UTC form for offsets of seconds (local mean time)', () => {
    expect(isoInZone({ value: '1800-01-01T12:00:00.000Z', timeZone: 'Europe/London' })).toBe(
      '1800-01-01T12:00:00.000Z',
    )
  })
})

describe('offsetAt', () => {
  it('is east positive, in milliseconds', () => {
    const instant = new Date('2027-07-10T12:00:00Z')
    expect(offsetAt({ instant, timeZone: 'Europe/Berlin' })).toBe(2 * 3_600_000)
    expect(offsetAt({ instant, timeZone: 'America/Los_Angeles' })).toBe(-7 * 3_600_000)
    expect(offsetAt({ instant, timeZone: 'UTC' })).toBe(0)
  })
})

describe('localDateTime', () => {
  it('gives the wall clock in the zone', () => {
    expect(localDateTime({ value: '2027-07-10T18:30:00Z', timeZone: 'Europe/London' })).toBe(
      '2027-07-10 19:30',
    )
    expect(localDateTime({ value: '2027-07-11T02:30:00Z', timeZone: 'America/New_York' })).toBe(
      '2027-07-10 22:30',
    )
    expect(localDateTime({ value: '2027-07-10T18:30:00Z', timeZone: undefined })).toBe(
      '2027-07-10 18:30',
    )
    expect(localDateTime({ value: 'never', timeZone: 'Europe/London' })).toBeUndefined()
  })
})

describe('instantAt', () => {
  it('reads a wall-clock time in the zone, summer and winter', () => {
    expect(instantAt({ local: '2027-07-10T19:30', timeZone: 'Europe/London' })?.toISOString()).toBe(
      '2027-07-10T18:30:00.000Z',
    )
    expect(instantAt({ local: '2027-01-10T19:30', timeZone: 'Europe/London' })?.toISOString()).toBe(
      '2027-01-10T19:30:00.000Z',
    )
    expect(
      instantAt({ local: '2027-01-10T19:30', timeZone: 'America/New_York' })?.toISOString(),
    ).toBe('2027-01-11T00:30:00.000Z')
  })

  it('has no instant for the hour the clocks skip, and the first of the hour they repeat', () => {
    expect(instantAt({ local: '2027-03-28T01:30', timeZone: 'Europe/London' })).toBeUndefined()
    expect(instantAt({ local: '2027-10-31T01:30', timeZone: 'Europe/London' })?.toISOString()).toBe(
      '2027-10-31T00:30:00.000Z',
    )
  })

  it('refuses days and times that do not exist, and other formats', () => {
    for (const local of ['2027-02-30T19:30', '2027-01-10T24:00', '2027-01-10 19:30', 'soon'])
      expect(instantAt({ local, timeZone: 'Europe/London' }), local).toBeUndefined()
  })
})

describe('isoInZone without a zone', () => {
  it('answers every UTC form as a Date would write it, days and hours that roll over included', () => {
    const values = [
      '2027-07-10T19:30:00.000Z',
      '0001-01-01T00:00:00.000Z',
      '2027-02-28T23:59:59.999Z',
      '2027-02-29T10:00:00.000Z',
      '2027-02-30T10:00:00.000Z',
      '2027-04-31T10:00:00.000Z',
      '2027-01-10T24:00:00.000Z',
      '2027-01-10T19:30:00Z',
      '2027-01-10T19:30:00.000+01:00',
      '2027-01-10 19:30:00.123+00',
    ]
    for (const value of values)
      expect(isoInZone({ value, timeZone: null }), value).toBe(new Date(value).toISOString())
    expect(isoInZone({ value: '2027-13-01T00:00:00.000Z', timeZone: null })).toBe(
      '2027-13-01T00:00:00.000Z',
    )
  })
})
