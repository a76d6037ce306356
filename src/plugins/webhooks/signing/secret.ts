import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes, base64. */
export const generateSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`

/** The key that seals secrets at rest, derived from the installation's secret. */
const sealingKey = (installationSecret: string): Buffer =>
  createHash('sha256').update(`webhook-secrets:${installationSecret}`).digest()

/**
 * A signing secret as stored: sealed with AES-256-GCM, because signing needs the secret itself
 * (a hash, as for API keys, would not do) and a copy of the database alone must not sign.
 */
export const sealSecret = ({
  secret,
  installationSecret,
}: {
  secret: string
  installationSecret: string
}): string => {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', sealingKey(installationSecret), iv)
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
    .join(':')
}

/** The secret a sealed value holds, or `undefined` when it was sealed under another key. */
export const openSecret = ({
  sealed,
  installationSecret,
}: {
  sealed: string
  installationSecret: string
}): string | undefined => {
  const [version, iv, tag, data] = sealed.split(':')
  if (version !== 'v1' || !iv || !tag || !data) return undefined
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      sealingKey(installationSecret),
      Buffer.from(iv, 'base64'),
    )
    decipher.setAuthTag(Buffer.from(tag, 'base64'))
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString(
      'utf8',
    )
  } catch {
    return undefined
  }
}
