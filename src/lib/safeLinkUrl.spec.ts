import { describe, expect, it } from 'vitest'

import { isSafeLinkUrl } from './safeLinkUrl'

describe('isSafeLinkUrl', () => {
  it('takes the web, mail, telephone and paths of the same site', () => {
    for (const url of [
      'https://example.org/a?b=c#d',
      'HTTP://example.org',
      'mailto:box@example.org',
      'tel:+44 20 7946 0000',
      '/events/hamlet',
      '#tickets',
      '?page=2',
      'about/us',
      '//cdn.example.org/x',
      'https://',
    ])
      expect(isSafeLinkUrl(url), url).toBe(true)
  })

  it('refuses every scheme that runs or embeds something, however it is disguised', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0000javascript:alert(1)',
      'javascript&colon;alert(1)',
      'javascript&#58;alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'blob:https://example.org/x',
    ])
      expect(isSafeLinkUrl(url), JSON.stringify(url)).toBe(false)
  })
})
