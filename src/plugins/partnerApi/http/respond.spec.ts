import { describe, expect, it } from 'vitest'

import { encodeBody } from './respond'

describe('encodeBody', () => {
  it('writes JSON-LD that cannot end the script element it is pasted into', () => {
    const result = { name: 'Show </script><img src=x onerror=alert(1)> & more\u2028' }
    const body = encodeBody({ result, mediaType: 'application/ld+json' })
    expect(body).not.toMatch(/[<>&\u2028]/)
    expect(body).toContain('\\u003c/script\\u003e')
    expect(JSON.parse(body)).toEqual(result)
  })

  it('sends text as it is, and JSON as JSON', () => {
    expect(encodeBody({ result: 'BEGIN:VCALENDAR', mediaType: 'text/calendar' })).toBe(
      'BEGIN:VCALENDAR',
    )
    expect(encodeBody({ result: { a: '<b>' } })).toBe('{"a":"<b>"}')
  })
})
