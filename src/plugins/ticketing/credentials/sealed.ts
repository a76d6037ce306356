import { openValue, sealValue } from '../../../lib/sealed'
import { credentialPurpose, providerCredentials } from '../defaults'

/** A connection's credentials as stored: each one sealed, by name; a cleared one is absent. */
export type SealedCredentials = Record<string, string>

/** The names of the credentials a provider may use. */
export const credentialNames = (provider: string): readonly string[] =>
  providerCredentials[provider as keyof typeof providerCredentials] ?? []

/** Every credential name any provider uses: the fields of the write-only `credentials` group. */
export const allCredentialNames = [...new Set(Object.values(providerCredentials).flat())]

const asSealed = (value: unknown): SealedCredentials =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      )
    : {}

/**
 * The stored credentials after a write: each credential the write names is sealed anew, an
 * empty string clears it, and one it does not name stays as it was.
 */
export const sealWritten = ({
  stored,
  written,
  installationSecret,
}: {
  stored: unknown
  written: unknown
  installationSecret: string
}): SealedCredentials => {
  const next = asSealed(stored)
  const values = (written && typeof written === 'object' ? written : {}) as Record<string, unknown>
  for (const name of allCredentialNames) {
    const value = values[name]
    if (typeof value !== 'string') continue
    if (value === '') delete next[name]
    else next[name] = sealValue({ value, purpose: credentialPurpose, installationSecret })
  }
  return next
}

/** Whether each of the provider's credentials is set: all that any surface answers of them. */
export const credentialsSet = ({
  provider,
  stored,
}: {
  provider: string
  stored: unknown
}): Record<string, boolean> => {
  const sealed = asSealed(stored)
  return Object.fromEntries(credentialNames(provider).map((name) => [name, name in sealed]))
}

/** The credentials opened, for the engine only; one sealed under another key is left out. */
export const openCredentials = ({
  stored,
  installationSecret,
}: {
  stored: unknown
  installationSecret: string
}): Record<string, string> =>
  Object.fromEntries(
    Object.entries(asSealed(stored)).flatMap(([name, sealed]) => {
      const value = openValue({ sealed, purpose: credentialPurpose, installationSecret })
      return value === undefined ? [] : [[name, value]]
    }),
  )
