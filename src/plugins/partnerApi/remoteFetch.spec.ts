import { describe, expect, it } from 'vitest'

import { PartnerProblem } from './problems'
import { fetchRemoteFile, isBlockedAddress } from './remoteFetch'

describe('isBlockedAddress', () => {
  it('allows only global unicast', () => {
    for (const open of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isBlockedAddress(open), open).toBe(false)
    for (const closed of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '2001:db8::1',
      '2002:7f00:1::',
      '64:ff9b::7f00:1',
      'not-an-address',
    ])
      expect(isBlockedAddress(closed), closed).toBe(true)
  })
})

const options = { maxBytes: 1_000, timeoutMs: 1_000, allowedHosts: [], mimeTypes: ['image/png'] }

const refusedWith = async (src: string): Promise<string> => {
  const err: unknown = await fetchRemoteFile({ src, options }).catch((e: unknown) => e)
  if (!(err instanceof PartnerProblem)) throw new Error(`not refused: ${src}`)
  return err.problem.detail ?? ''
}

describe('fetchRemoteFile refuses before any connection', () => {
  it('what is not an http(s) URL to a public address', async () => {
    expect(await refusedWith('not a url')).toMatch(/not a valid URL/)
    expect(await refusedWith('ftp://example.org/a.png')).toMatch(/http or https/)
    expect(await refusedWith('file:///etc/passwd')).toMatch(/http or https/)
    expect(await refusedWith('https://user:pw@example.org/a.png')).toMatch(/credentials/)
    expect(await refusedWith('http://127.0.0.1/a.png')).toMatch(/private or reserved/)
    expect(await refusedWith('http://[::1]/a.png')).toMatch(/private or reserved/)
    expect(await refusedWith('http://169.254.169.254/latest')).toMatch(/private or reserved/)
  })
})
