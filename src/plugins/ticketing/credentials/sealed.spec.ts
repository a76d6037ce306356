import { describe, expect, it } from 'vitest'

import { credentialsSet, openCredentials, sealWritten } from './sealed'

const installationSecret = 'installation-secret-for-tests'

describe('connection credentials', () => {
  it('are sealed (not the value), opened back, and told only as set or not', () => {
    const stored = sealWritten({
      stored: undefined,
      written: { apiUser: 'user-1', apiKey: 'key-secret-1', other: 'ignored' },
      installationSecret,
    })
    expect(Object.keys(stored).sort()).toEqual(['apiKey', 'apiUser'])
    expect(JSON.stringify(stored)).not.toContain('key-secret-1')
    expect(openCredentials({ stored, installationSecret })).toEqual({
      apiUser: 'user-1',
      apiKey: 'key-secret-1',
    })
    expect(credentialsSet({ provider: 'spektrix', stored })).toEqual({
      apiUser: true,
      apiKey: true,
    })
  })

  it('keep what a write leaves out, and clear what it sets to an empty string', () => {
    const first = sealWritten({
      stored: undefined,
      written: { apiUser: 'u', apiKey: 'k' },
      installationSecret,
    })
    const next = sealWritten({ stored: first, written: { apiKey: '' }, installationSecret })
    expect(next).toEqual({ apiUser: first.apiUser })
    expect(credentialsSet({ provider: 'spektrix', stored: next })).toEqual({
      apiUser: true,
      apiKey: false,
    })
  })

  it('sealed under another installation secret open to nothing', () => {
    const stored = sealWritten({ stored: {}, written: { apiKey: 'k' }, installationSecret })
    expect(openCredentials({ stored, installationSecret: 'another' })).toEqual({})
  })
})
