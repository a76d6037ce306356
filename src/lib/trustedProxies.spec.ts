import { describe, expect, it } from 'vitest'

import { clientAddressOf, trustedProxiesOf } from './trustedProxies'

describe('trustedProxiesOf', () => {
  it('matches addresses and ranges, IPv4, IPv6 and IPv4-mapped IPv6', () => {
    const trusted = trustedProxiesOf(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::ffff:127.0.0.1'])
    expect(trusted.has('10.20.30.40')).toBe(true)
    expect(trusted.has('::ffff:10.20.30.40')).toBe(true)
    expect(trusted.has('192.168.1.7')).toBe(true)
    expect(trusted.has('192.168.1.8')).toBe(false)
    expect(trusted.has('fd12::1')).toBe(true)
    expect(trusted.has('fe80::1')).toBe(false)
    expect(trusted.has('127.0.0.1')).toBe(true)
    expect(trusted.has('unknown')).toBe(false)
  })

  it('refuses an entry that is no address or range, naming it', () => {
    for (const entry of ['10.0.0.0/33', 'fd00::/129', 'localhost', '10.0.0.0/8/1', '10.0.0.0/x'])
      expect(() => trustedProxiesOf([entry])).toThrow(`"${entry}"`)
  })
})

describe('clientAddressOf', () => {
  const trusted = trustedProxiesOf(['10.0.0.0/8', '127.0.0.1'])

  it('ignores the header from an untrusted peer, or when nothing is trusted', () => {
    expect(clientAddressOf({ peer: '203.0.113.9', forwardedFor: '1.1.1.1', trusted })).toBe(
      '203.0.113.9',
    )
    expect(
      clientAddressOf({
        peer: '127.0.0.1',
        forwardedFor: '1.1.1.1',
        trusted: trustedProxiesOf([]),
      }),
    ).toBe('127.0.0.1')
  })

  it('walks from the right past trusted hops to the first untrusted one', () => {
    expect(
      clientAddressOf({
        peer: '10.0.0.2',
        forwardedFor: '6.6.6.6, 198.51.100.4, 10.0.0.9',
        trusted,
      }),
    ).toBe('198.51.100.4')
    expect(
      clientAddressOf({ peer: '::ffff:127.0.0.1', forwardedFor: '2001:db8::5', trusted }),
    ).toBe('2001:db8::5')
  })

  it('reads hops with ports or brackets', () => {
    expect(clientAddressOf({ peer: '10.0.0.2', forwardedFor: '198.51.100.4:5050', trusted })).toBe(
      '198.51.100.4',
    )
    expect(clientAddressOf({ peer: '10.0.0.2', forwardedFor: '[2001:db8::5]:80', trusted })).toBe(
      '2001:db8::5',
    )
  })

  it('stops at a hop that is no address, at the last one a trusted proxy vouched for', () => {
    expect(clientAddressOf({ peer: '10.0.0.2', forwardedFor: 'junk, 10.0.0.7', trusted })).toBe(
      '10.0.0.7',
    )
    expect(clientAddressOf({ peer: '10.0.0.2', forwardedFor: 'junk', trusted })).toBe('10.0.0.2')
  })

  it('takes the leftmost hop when every hop is trusted', () => {
    expect(clientAddressOf({ peer: '10.0.0.2', forwardedFor: '10.0.0.3, 10.0.0.4', trusted })).toBe(
      '10.0.0.3',
    )
  })
})
