import { createHash, hash as digestOf, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * A partner key reads `cms_<prefix>_<secret>`: the prefix (8 hex) finds the record, the secret
 * (32 bytes, base64url) is checked against its SHA-256. Keys are random and long, so a fast
 * hash is enough; the plaintext is never stored.
 */
export const keyPattern = /^cms_([0-9a-f]{8})_([A-Za-z0-9_-]{43})$/

export const generateKey = (): { key: string; prefix: string; hash: string } => {
  const prefix = randomBytes(4).toString('hex')
  const secret = randomBytes(32).toString('base64url')
  return { key: `cms_${prefix}_${secret}`, prefix, hash: hashSecret(secret) }
}

export const hashSecret = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex')

export const parseKey = (key: string): { prefix: string; secret: string } | undefined => {
  const match = keyPattern.exec(key)
  return match?.[1] && match[2] ? { prefix: match[1], secret: match[2] } : undefined
}

/** Stored hashes as bytes, each decoded once: every request of a key compares against it. */
const decoded = new Map<string, Buffer>()

export const secretMatches = ({ secret, hash }: { secret: string; hash: string }): boolean => {
  let expected = decoded.get(hash)
  if (!expected) {
    // Hashes of keys that no longer exist are dropped with the rest now and then.
    if (decoded.size >= 10_000) decoded.clear()
    decoded.set(hash, (expected = Buffer.from(hash, 'hex')))
  }
  // The one-shot digest: no Hash object a request.
  const actual = digestOf('sha256', secret, 'buffer')
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}
