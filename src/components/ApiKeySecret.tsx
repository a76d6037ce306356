'use client'
import { Button, useDocumentInfo, useField } from '@payloadcms/ui'
import { useState } from 'react'

/**
 * The key's secret in the admin: never displayed again after it is made. "Generate secret"
 * makes a new one (the old stops working) and shows it this once.
 */
export const ApiKeySecret = () => {
  const { id } = useDocumentInfo()
  const prefix = useField<string>({ path: 'prefix' })
  const [key, setKey] = useState<string>()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  if (!id) {
    return <p className="field-description">Save the key first; then generate its secret here.</p>
  }
  const generate = async (): Promise<void> => {
    setBusy(true)
    setError(undefined)
    const res = await fetch(`/api/api-keys/${id}/secret`, {
      method: 'POST',
      credentials: 'include',
    })
    setBusy(false)
    if (!res.ok) return setError(`Could not generate a secret (${res.status}).`)
    const issued = (await res.json()) as { key: string; prefix: string }
    setKey(issued.key)
    // The sidebar shows the new prefix at once; it is saved already, so the form stays clean.
    prefix.setValue(issued.prefix, true)
  }
  return (
    <div className="field-type api-key-secret" style={{ marginBottom: 'var(--base)' }}>
      <label className="field-label">Secret</label>
      {key ? (
        <>
          <input
            className="api-key-secret__value"
            readOnly
            value={key}
            onFocus={(e) => e.target.select()}
            style={{ width: '100%', fontFamily: 'monospace', padding: '8px' }}
          />
          {/* One span: Payload lays a description out as flex items, which drop the space
              between the words and the code. */}
          <p className="field-description">
            <span>
              Copy it now: it is shown this once. Partners send it as{' '}
              <code>Authorization: Bearer &lt;key&gt;</code>.
            </span>
          </p>
        </>
      ) : (
        <p className="field-description">
          Stored as a hash and never shown again. Generating a new secret replaces the old one.
        </p>
      )}
      <Button buttonStyle="secondary" size="small" onClick={() => void generate()} disabled={busy}>
        Generate secret
      </Button>
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  )
}
