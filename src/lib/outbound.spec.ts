import { describe, expect, it } from 'vitest'

import { isBlockedAddress, outboundRefusal, unreachable } from './outbound'

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

describe('outboundRefusal', () => {
  const refusal = (url: string, allowedHosts: string[] = []) =>
    outboundRefusal({ url: new URL(url), allowedHosts })
  it('takes public http(s) URLs and trusted internal hosts', () => {
    expect(refusal('https://hooks.example.org/in')).toBeUndefined()
    expect(refusal('http://127.0.0.1:8080/x', ['127.0.0.1:8080'])).toBeUndefined()
  })
  it('refuses other schemes, credentials and private literal addresses', () => {
    expect(refusal('ftp://example.org/x')).toMatch(/http or https/)
    expect(refusal('https://u:p@example.org/x')).toMatch(/credentials/)
    expect(refusal('http://127.0.0.1:8080/x')).toBe(unreachable)
    expect(refusal('http://[::1]/x')).toBe(unreachable)
    expect(refusal('http://127.0.0.1:8081/x', ['127.0.0.1:8080'])).toBe(unreachable)
  })
})
