'use client'
import { Button, useDocumentInfo } from '@payloadcms/ui'
import { useState } from 'react'

/**
 * A subscription's signing secret in the admin: sealed once saved and never displayed again.
 * "Generate secret" makes a new one (the old stops signing) and shows it this once; "Send test"
 * sends a `webhook.test` message and shows what the target answered.
 */
export const WebhookSecret = () => {
  const { id } = useDocumentInfo()
  const [secret, setSecret] = useState<string>()
  const [result, setResult] = useState<string>()
  const [busy, setBusy] = useState(false)

  if (!id) {
    return (
      <p className="field-description">
        Save the subscription first; then generate its signing secret here.
      </p>
    )
  }
  const post = async (path: string): Promise<Response> => {
    setBusy(true)
    setResult(undefined)
    try {
      return await fetch(`/api/webhooks/${id}/${path}`, { method: 'POST', credentials: 'include' })
    } finally {
      setBusy(false)
    }
  }
  const generate = async (): Promise<void> => {
    const res = await post('secret')
    if (!res.ok) return setResult(`Could not generate a secret (${res.status}).`)
    setSecret(((await res.json()) as { secret: string }).secret)
  }
  const test = async (): Promise<void> => {
    const res = await post('test')
    if (!res.ok) return setResult(`Could not send a test message (${res.status}).`)
    const delivery = (await res.json()) as {
      state: string
      lastStatus?: number
      lastError?: string
    }
    setResult(
      delivery.state === 'succeeded'
        ? `Delivered: the target answered ${delivery.lastStatus}.`
        : `Not delivered: ${delivery.lastError ?? delivery.state}.`,
    )
  }
  return (
    <div className="field-type webhook-secret" style={{ marginBottom: 'var(--base)' }}>
      <label className="field-label">Signing secret</label>
      {secret ? (
        <>
          <input
            className="webhook-secret__value"
            readOnly
            value={secret}
            onFocus={(e) => e.target.select()}
            style={{ width: '100%', fontFamily: 'monospace', padding: '8px' }}
          />
          <p className="field-description">
            Copy it now: it is shown this once. Receivers verify each message with it (Standard
            Webhooks: the webhook-id, webhook-timestamp and webhook-signature headers).
          </p>
        </>
      ) : (
        <p className="field-description">
          Stored sealed and never shown again. Generating a new secret replaces the old one.
        </p>
      )}
      <div style={{ display: 'flex', gap: '8px' }}>
        <Button
          buttonStyle="secondary"
          size="small"
          onClick={() => void generate()}
          disabled={busy}
        >
          Generate secret
        </Button>
        <Button buttonStyle="secondary" size="small" onClick={() => void test()} disabled={busy}>
          Send test
        </Button>
      </div>
      {result ? <p className="field-description webhook-secret__result">{result}</p> : null}
    </div>
  )
}
