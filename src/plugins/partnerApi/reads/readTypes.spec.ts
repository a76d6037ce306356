import pg from 'pg'
import { describe, expect, it } from 'vitest'

import { instantOfText } from './readTypes'

/** What the read path gave before: the driver's Date, as an answer writes it. */
const driverIso = (text: string): string =>
  (pg.types.getTypeParser(1184, 'text')(text) as Date).toISOString()

const iso = (value: string | Date): string => (value instanceof Date ? value.toISOString() : value)

describe('instantOfText', () => {
  it('gives the same ISO text as the driver did for every UTC form PostgreSQL writes', () => {
    for (const text of [
      '2026-11-28 11:20:53.877+00',
      '2026-11-28 11:20:53.87+00',
      '2026-11-28 11:20:53.8+00',
      '2026-11-28 11:20:53+00',
      '2028-02-29 23:59:59.999+00',
      '0099-01-01 00:00:00+00',
    ]) {
      const read = instantOfText(text)
      expect(typeof read, text).toBe('string')
      expect(read, text).toBe(driverIso(text))
    }
  })

  it('leaves every other form to the driver, the same instant', () => {
    for (const text of [
      '2026-11-28 12:20:53.877+01',
      '2026-11-28 16:50:53.877+05:30',
      '2026-11-28 11:20:53.877123+00',
      '12026-11-28 11:20:53+00',
      '2026-11-28 11:20:53+00 BC',
    ]) {
      const read = instantOfText(text)
      expect(read, text).toBeInstanceOf(Date)
      expect(iso(read), text).toBe(driverIso(text))
    }
  })
})
