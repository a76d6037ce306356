'use client'
import { useDocumentInfo, useFormFields } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'

import { AddPerformances } from './AddPerformances'
import { PerformanceList } from './PerformanceList'
import { useVenues } from './useVenues'

// The admin's own look for plain controls: the same borders, radius and colours as its fields.
const look = `
.performances-in-bulk input:not([type=checkbox]):not([type=radio]), .performances-in-bulk select,
.performances-in-bulk textarea {
  border: 1px solid var(--theme-elevation-150); border-radius: var(--style-radius-s, 3px);
  background: var(--theme-input-bg, var(--theme-elevation-0)); color: var(--theme-elevation-800);
  padding: 6px 10px; font: inherit; min-height: 36px; margin-top: 4px;
}
.performances-in-bulk label { color: var(--theme-elevation-800); }
.performances-in-bulk h4 { margin: 0 0 12px; }
.performances-in-bulk td, .performances-in-bulk th { padding: 6px 8px; }
.performances-in-bulk__one { background: none; border: none; padding: 0; cursor: pointer;
  text-decoration: underline; color: var(--theme-elevation-800); font: inherit; }
`

/**
 * The event's Performances tab: add a run at once, and change several at once. A new event has
 * no id until it is saved, and a performance needs its event: it says so instead.
 */
export const PerformancesInBulk = () => {
  const { id } = useDocumentInfo()
  const tenant = useFormFields(([fields]) => fields.tenant?.value)
  const venues = useVenues(typeof tenant === 'string' ? tenant : undefined)
  const router = useRouter()
  const [version, setVersion] = useState(0)
  if (!id)
    return (
      <p className="field-description" data-bulk="save-first">
        Save the event first: then add its performances here, many at once.
      </p>
    )
  const changed = () => {
    setVersion((v) => v + 1)
    // The event's first and last performance, kept by the server, changed with them.
    router.refresh()
  }
  return (
    <div className="performances-in-bulk" style={{ marginBottom: 24 }}>
      <style>{look}</style>
      <AddPerformances eventId={String(id)} venues={venues} onAdded={changed} />
      <PerformanceList
        eventId={String(id)}
        tenant={typeof tenant === 'string' ? tenant : undefined}
        venues={venues}
        version={version}
        onChanged={() => router.refresh()}
      />
    </div>
  )
}
