import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/**
 * Secrets the server must use itself (a webhook's signing secret, a box office's API key), as
 * stored: sealed with AES-256-GCM under a key derived from the installation's secret and the
 * secret's purpose, because a hash (as for API keys) would not do and a copy of the database
 * alone must reveal nothing.
 */

/**
 * The key of one purpose, derived from the installation's secret: what seals a stored secret
 * here, and what signs a token the server hands out (a preview link), so no two purposes share
 * a key and none is the secret itself.
 */
export const sealingKey = ({
  purpose,
  installationSecret,
}: {
  purpose: string
  installationSecret: string
}) => createHash('sha256').update(`${purpose}:${installationSecret}`).digest()

export const sealValue = ({
  value,
  purpose,
  installationSecret,
}: {
  value: string
  /** Keeps the keys of different secrets apart: one purpose's sealed value opens under no other. */
  purpose: string
  installationSecret: string
}): string => {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', sealingKey({ purpose, installationSecret }), iv)
  const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()])
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
    .join(':')
}

/** The value a sealed string holds, or `undefined` when it was sealed under another key. */
export const openValue = ({
  sealed,
  purpose,
  installationSecret,
}: {
  sealed: string
  purpose: string
  installationSecret: string
}): string | undefined => {
  const [version, iv, tag, data] = sealed.split(':')
  if (version !== 'v1' || !iv || !tag || !data) return undefined
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      sealingKey({ purpose, installationSecret }),
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
