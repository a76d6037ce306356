import { randomBytes } from 'node:crypto'

import { openValue, sealValue } from '../../../lib/sealed'

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes, base64. */
export const generateSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`

/** What keeps signing secrets' key apart from other sealed secrets' (the key is derived from it). */
const purpose = 'webhook-secrets'

/** A signing secret as stored: sealed (`src/lib/sealed.ts`), since signing needs the secret itself. */
export const sealSecret = ({
  secret,
  installationSecret,
}: {
  secret: string
  installationSecret: string
}): string => sealValue({ value: secret, purpose, installationSecret })

/** The secret a sealed value holds, or `undefined` when it was sealed under another key. */
export const openSecret = ({
  sealed,
  installationSecret,
}: {
  sealed: string
  installationSecret: string
}): string | undefined => openValue({ sealed, purpose, installationSecret })
