import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import { readPreviewToken, signPreviewToken, type PreviewClaims } from './token'

const secret = 'installation-secret-for-the-spec-0123456789'
const claims: PreviewClaims = {
  link: randomUUID(),
  tenant: randomUUID(),
  collection: 'events',
  record: randomUUID(),
  expiresAt: new Date('2030-01-02T03:04:05.000Z'),
}

/** The token with its claims segment replaced, signature kept. */
const withClaims = (token: string, raw: Record<string, unknown>): string => {
  const [mark, , signature] = token.split('.')
  return [mark, Buffer.from(JSON.stringify(raw)).toString('base64url'), signature].join('.')
}

describe('preview tokens', () => {
  it('read back what they were signed with', () => {
    expect(readPreviewToken({ token: signPreviewToken({ claims, secret }), secret })).toEqual(
      claims,
    )
  })

  it('are refused under another secret', () => {
    const token = signPreviewToken({ claims, secret })
    expect(readPreviewToken({ token, secret: `${secret}-other` })).toBeUndefined()
  })

  it('are refused when a claim is changed, the signature kept', () => {
    const token = signPreviewToken({ claims, secret })
    const original = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      e: number
    }
    for (const change of [
      { t: randomUUID() },
      { r: randomUUID() },
      { l: randomUUID() },
      { c: 'pages' },
      { e: original.e + 3600 },
    ])
      expect(
        readPreviewToken({ token: withClaims(token, { ...original, ...change }), secret }),
      ).toBeUndefined()
  })

  it('are refused when the signature is changed, cut or missing', () => {
    const token = signPreviewToken({ claims, secret })
    const [mark, body, signature] = token.split('.') as [string, string, string]
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`
    for (const bad of [
      `${mark}.${body}.${flipped}`,
      `${mark}.${body}.${signature.slice(0, -2)}`,
      `${mark}.${body}.`,
      `${mark}.${body}`,
      `p2.${body}.${signature}`,
      '',
      'x'.repeat(600),
      `${mark}.${body}.${signature}.extra`,
    ])
      expect(readPreviewToken({ token: bad, secret }), bad.slice(0, 40)).toBeUndefined()
  })

  it('refuse well-signed claims that are not a link’s (a kind that cannot be shared)', () => {
    const forged = signPreviewToken({
      claims: { ...claims, collection: 'works' as PreviewClaims['collection'] },
      secret,
    })
    expect(readPreviewToken({ token: forged, secret })).toBeUndefined()
  })

  it('carry their expiry to the second, for the caller to judge', () => {
    const past = new Date(Date.now() - 60_000)
    past.setMilliseconds(0)
    const read = readPreviewToken({
      token: signPreviewToken({ claims: { ...claims, expiresAt: past }, secret }),
      secret,
    })
    expect(read?.expiresAt).toEqual(past)
  })
})
