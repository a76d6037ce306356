import type { CollectionBeforeChangeHook } from 'payload'
import { ValidationError } from 'payload'

import { providerLabels } from '../../defaults'
import { allCredentialNames, credentialNames } from '../../credentials/sealed'
import type { ProviderName } from '../../types'

/**
 * A write that sets a credential the connection's provider does not use is refused, naming
 * it, rather than sealing a secret nothing reads. Clearing one (an empty string) is allowed:
 * the admin sends every field of the group.
 */
export const refuseOtherCredentials: CollectionBeforeChangeHook = ({ data, originalDoc, req }) => {
  const provider = String(data.provider ?? originalDoc?.provider ?? '') as ProviderName
  const written = (data.credentials ?? {}) as Record<string, unknown>
  const used = credentialNames(provider)
  const others = allCredentialNames.filter(
    (name) => !used.includes(name) && typeof written[name] === 'string' && written[name] !== '',
  )
  if (others.length > 0)
    throw new ValidationError({
      collection: 'ticketing-connections',
      errors: others.map((name) => ({
        path: `credentials.${name}`,
        message: `${providerLabels[provider] ?? provider} does not use the credential ${name}.`,
      })),
      req,
    })
  return data
}
