import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/**
 * In development a missing PAYLOAD_SECRET is generated once and kept in the data folder, so
 * sessions survive restarts. In production a generated secret would silently log everyone out
 * on every deploy (and differ between instances), so its absence stops the start.
 */
export const resolveSecret = ({
  configured,
  dataDir,
  production,
}: {
  configured: string | undefined
  dataDir: string
  production: boolean
}): string => {
  if (configured) return configured
  if (production) {
    throw new Error(
      'PAYLOAD_SECRET is not set. In production it must be provided (at least 32 random characters), ' +
        'for example: PAYLOAD_SECRET=$(openssl rand -hex 32) npm start',
    )
  }
  const file = path.join(dataDir, 'payload-secret')
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  fs.mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('hex')
  fs.writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
