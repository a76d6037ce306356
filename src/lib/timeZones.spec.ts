import { describe, expect, it } from 'vitest'

import { canonicalTimeZone, isTimeZone, validateTimeZone } from './timeZones'

describe('time zones', () => {
  it('knows the IANA names of this Node, and UTC', () => {
    for (const zone of ['Europe/London', 'America/New_York', 'UTC'])
      expect(isTimeZone(zone)).toBe(true)
    for (const zone of ['Mars/Olympus_Mons', 'europe/london', '', null])
      expect(isTimeZone(zone)).toBe(false)
  })

  it('takes another name of a known zone as the list names it', () => {
    expect(isTimeZone(canonicalTimeZone('Asia/Kolkata'))).toBe(true)
    expect(canonicalTimeZone('Etc/UTC')).toBe('UTC')
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBe('Mars/Olympus_Mons')
  })

  it('validates empty or known zones', () => {
    expect(validateTimeZone(undefined)).toBe(true)
    expect(validateTimeZone('Europe/London')).toBe(true)
    expect(validateTimeZone('Europe/Londn')).toMatch(/IANA/)
  })
})
