import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'

import { generateSecret, openSecret, sealSecret } from './secret'
import { signatureHeaders } from './sign'

describe('signatureHeaders', () => {
  it('are verified by the Standard Webhooks reference implementation', () => {
    const secret = generateSecret()
    const body = JSON.stringify({ type: 'record.created', data: { id: 'a' } })
    const headers = signatureHeaders({ id: 'msg_1', body, secret })
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body))
  })

  it('do not verify with another secret, another body or an old timestamp', () => {
    const secret = generateSecret()
    const body = '{"type":"webhook.test"}'
    const headers = signatureHeaders({ id: 'msg_2', body, secret })
    expect(() => new Webhook(generateSecret()).verify(body, headers)).toThrow()
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow()
    const old = signatureHeaders({ id: 'msg_2', body, secret, at: new Date(Date.now() - 3600_000) })
    expect(() => new Webhook(secret).verify(body, old)).toThrow(/timestamp/i)
  })
})

describe('sealed secrets', () => {
  it('open with the installation secret they were sealed with, and only with it', () => {
    const secret = generateSecret()
    const sealed = sealSecret({ secret, installationSecret: 'one' })
    expect(sealed).not.toContain(secret.slice(6, 20))
    expect(openSecret({ sealed, installationSecret: 'one' })).toBe(secret)
    expect(openSecret({ sealed, installationSecret: 'two' })).toBeUndefined()
    expect(openSecret({ sealed: 'garbage', installationSecret: 'one' })).toBeUndefined()
  })
})
