import { createHmac } from 'node:crypto'

/**
 * The Standard Webhooks headers for one message: its id (the same on every retry, so a
 * receiver can drop repeats), the time in seconds, and `v1,` with the HMAC-SHA256 of
 * `id.timestamp.body` under the secret's bytes.
 */
export const signatureHeaders = ({
  id,
  body,
  secret,
  at = new Date(),
}: {
  id: string
  body: string
  secret: string
  at?: Date
}): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> => {
  const timestamp = String(Math.floor(at.getTime() / 1000))
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')
  return {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${signature}`,
  }
}
