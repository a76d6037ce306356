import { createHmac, timingSafeEqual } from 'node:crypto'

import { sealingKey } from '../../../lib/sealed'
import { isUuid } from '../../../lib/uuid'
import { previewCollections, signingPurpose, type PreviewCollection } from '../defaults'

/** What a preview token says, all of it covered by its signature. */
export type PreviewClaims = {
  /** The `preview-links` row: looked up on every use, so a revoked link stops at once. */
  link: string
  tenant: string
  collection: PreviewCollection
  record: string
  expiresAt: Date
}

/** Version mark: a token of another form is refused rather than guessed at. */
const version = 'p1'
/** Far longer than any token made here; a longer one is refused before any work. */
const maxLength = 512

const signatureOf = ({ signed, secret }: { signed: string; secret: string }): Buffer =>
  createHmac('sha256', sealingKey({ purpose: signingPurpose, installationSecret: secret }))
    .update(signed)
    .digest()

/**
 * A signed, expiring token for one record of one tenant: `p1.<claims>.<HMAC-SHA256>`, both
 * base64url. The claims are readable (they hold ids, no secret); the signature, under a key
 * derived from the installation's secret for this purpose alone, makes them unforgeable.
 */
export const signPreviewToken = ({
  claims,
  secret,
}: {
  claims: PreviewClaims
  secret: string
}): string => {
  const body = Buffer.from(
    JSON.stringify({
      l: claims.link,
      t: claims.tenant,
      c: claims.collection,
      r: claims.record,
      e: Math.floor(claims.expiresAt.getTime() / 1000),
    }),
  ).toString('base64url')
  const signed = `${version}.${body}`
  return `${signed}.${signatureOf({ signed, secret }).toString('base64url')}`
}

const claimsOf = (body: string): PreviewClaims | undefined => {
  let raw: unknown
  try {
    raw = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
  if (typeof raw !== 'object' || raw === null) return undefined
  const { l, t, c, r, e } = raw as Record<string, unknown>
  if (!isUuid(l) || !isUuid(t) || !isUuid(r)) return undefined
  if (!previewCollections.includes(c as PreviewCollection)) return undefined
  if (typeof e !== 'number' || !Number.isSafeInteger(e)) return undefined
  return {
    link: l.toLowerCase(),
    tenant: t.toLowerCase(),
    collection: c as PreviewCollection,
    record: r.toLowerCase(),
    expiresAt: new Date(e * 1000),
  }
}

/**
 * The claims of a token this installation signed, or undefined for anything else (tampered,
 * truncated, another form). The signature is compared in constant time before the claims are
 * read; whether they still hold (expiry, revocation, the path) is the caller's to check.
 */
export const readPreviewToken = ({
  token,
  secret,
}: {
  token: string
  secret: string
}): PreviewClaims | undefined => {
  if (token.length > maxLength) return undefined
  const parts = token.split('.')
  if (parts.length !== 3) return undefined
  const [mark, body, signature] = parts as [string, string, string]
  if (mark !== version || !/^[A-Za-z0-9_-]+$/.test(body) || !/^[A-Za-z0-9_-]+$/.test(signature))
    return undefined
  const expected = signatureOf({ signed: `${mark}.${body}`, secret })
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  return claimsOf(body)
}
