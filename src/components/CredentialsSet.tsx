'use client'
import { useField } from '@payloadcms/ui'

const labels: Record<string, string> = { apiUser: 'API user', apiKey: 'API key' }

/**
 * Which credentials a connection holds, in words: the values themselves are never sent to the
 * browser, only whether each is stored.
 */
export const CredentialsSet = () => {
  const { value } = useField<Record<string, boolean> | null>({ path: 'credentialsSet' })
  const entries = Object.entries(value ?? {})
  return (
    <div className="field-type credentials-set" style={{ marginBottom: 'var(--base)' }}>
      <label className="field-label">Credentials stored</label>
      {entries.length === 0 ? (
        <p className="field-description">None: this connection makes public (web mode) calls.</p>
      ) : (
        <ul className="credentials-set__list">
          {entries.map(([name, stored]) => (
            <li key={name}>
              {labels[name] ?? name}: {stored ? 'stored (sealed)' : 'not set'}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
