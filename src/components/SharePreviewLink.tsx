'use client'
import { Button, useDocumentInfo } from '@payloadcms/ui'
import { useState } from 'react'

type Made = { id: string; url: string; expiresAt: string }

/**
 * "Share preview link" in an event's or a page's sidebar: makes a link for the saved document
 * (its latest draft, as it is when read) and shows it with a copy button. The link is shown
 * once; the Preview links list revokes it.
 */
export const SharePreviewLink = () => {
  const { id, collectionSlug } = useDocumentInfo()
  const [made, setMade] = useState<Made>()
  const [note, setNote] = useState<string>()
  const [busy, setBusy] = useState(false)
  if (!id) return null
  const share = async () => {
    setBusy(true)
    setNote(undefined)
    try {
      const res = await fetch('/api/preview-links/share', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ collection: collectionSlug, id }),
      })
      const body = (await res.json()) as Made & { errors?: { message: string }[] }
      if (res.ok) setMade(body)
      else setNote(body.errors?.[0]?.message ?? `Failed (${res.status}).`)
    } catch {
      setNote('The server could not be reached.')
    } finally {
      setBusy(false)
    }
  }
  const copy = async () => {
    if (!made) return
    await navigator.clipboard.writeText(made.url).then(
      () => setNote('Copied.'),
      () => setNote('Select the link and copy it.'),
    )
  }
  return (
    <div className="field-type share-preview-link" style={{ marginBottom: 'var(--base)' }}>
      <Button buttonStyle="secondary" disabled={busy} onClick={() => void share()}>
        Share preview link
      </Button>
      {made ? (
        <div>
          <div style={{ display: 'flex', gap: '8px', alignItems: 'center' }}>
            <input
              aria-label="Preview link"
              className="share-preview-link__url"
              readOnly
              value={made.url}
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
            />
            <Button buttonStyle="secondary" size="small" margin={false} onClick={() => void copy()}>
              Copy
            </Button>
          </div>
          <p className="field-description">
            Shows the latest saved draft to anyone with the link until{' '}
            {new Date(made.expiresAt).toLocaleString()}.
          </p>
        </div>
      ) : null}
      {note ? <p className="field-description">{note}</p> : null}
    </div>
  )
}
