import { describe, expect, it } from 'vitest'

import { PartnerProblem } from '../../../lib/partnerProblem'
import { fetchRemoteFile } from './remoteFetch'

const options = { maxBytes: 1_000, timeoutMs: 1_000, allowedHosts: [], mimeTypes: ['image/png'] }

const refusedWith = async (src: string): Promise<string> => {
  const err: unknown = await fetchRemoteFile({ src, options, owner: 'tenant' }).catch(
    (e: unknown) => e,
  )
  if (!(err instanceof PartnerProblem)) throw new Error(`not refused: ${src}`)
  return err.problem.detail ?? ''
}

describe('fetchRemoteFile refuses before any connection', () => {
  it('what is not an http(s) URL to a public address', async () => {
    expect(await refusedWith('not a url')).toMatch(/not a valid URL/)
    expect(await refusedWith('ftp://example.org/a.png')).toMatch(/http or https/)
    expect(await refusedWith('file:///etc/passwd')).toMatch(/http or https/)
    expect(await refusedWith('https://user:pw@example.org/a.png')).toMatch(/credentials/)
    // A private address is refused as a name that does not resolve is: no oracle.
    for (const src of [
      'http://127.0.0.1/a.png',
      'http://[::1]/a.png',
      'http://169.254.169.254/latest',
    ])
      expect(await refusedWith(src)).toBe('"src" could not be reached.')
  })
})
