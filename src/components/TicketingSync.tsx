'use client'
import { Button, useDocumentInfo, useFormFields } from '@payloadcms/ui'
import { useCallback, useEffect, useState } from 'react'

type PlanEntry = {
  action: string
  kind: string
  externalId: string
  title?: string
  changes: { field: string; from: unknown; to: unknown }[]
}

type Run = {
  id: string
  kind?: string
  status: string
  dryRun: boolean
  trigger: string
  queuedAt?: string
  finishedAt?: string | null
  counts?: Record<string, number>
  message?: string | null
  needsConfirmation?: boolean
  errors?: { externalId: string; message: string }[]
  plan?: PlanEntry[]
}

const countNames = ['created', 'updated', 'unchanged', 'cancelled', 'removed', 'failed']
const underWay = (run: Run | undefined) => run?.status === 'queued' || run?.status === 'running'
const shown = (value: unknown) =>
  value === null || value === undefined ? '–' : JSON.stringify(value)

/** The connection's five latest runs, without their plans. */
const runListPath = (connection: string): string =>
  `/api/ticketing-sync-runs?where[connection][equals]=${connection}&sort=-createdAt&limit=5&depth=0&select[plan]=false`

/** Box offices with nothing to read: their connection only builds booking links. */
const linkOnly = ['elevent']

const kindOf = (run: Run): string =>
  run.kind === 'availability'
    ? 'availability'
    : run.dryRun
      ? 'preview'
      : run.trigger === 'schedule'
        ? 'scheduled'
        : 'sync'

/**
 * "Sync now", "Preview changes" and "Refresh availability" on a connection's edit view, and its latest runs: status,
 * counts, and a preview's plan. Runs are followed by polling while one is under way.
 */
export const TicketingSync = () => {
  const { id } = useDocumentInfo()
  const provider = useFormFields(([fields]) => fields.provider?.value)
  const [runs, setRuns] = useState<Run[]>([])
  const [latestRun, setLatestRun] = useState<Run>()
  const [note, setNote] = useState<string>()
  const [busy, setBusy] = useState(false)

  // The list leaves every plan out (one may hold thousands of steps); the latest run is read
  // whole, for its errors and a preview's plan.
  const load = useCallback(async () => {
    if (!id) return
    const res = await fetch(runListPath(String(id)), { credentials: 'include' })
    if (!res.ok) return
    const docs = ((await res.json()) as { docs: Run[] }).docs
    setRuns(docs)
    const first = docs[0]
    if (!first || underWay(first)) {
      setLatestRun(first)
      return
    }
    const one = await fetch(`/api/ticketing-sync-runs/${first.id}?depth=0`, {
      credentials: 'include',
    })
    setLatestRun(one.ok ? ((await one.json()) as Run) : first)
  }, [id])

  useEffect(() => {
    void load()
  }, [load])
  useEffect(() => {
    if (!runs.some(underWay)) return
    const timer = setTimeout(() => void load(), 2_000)
    return () => clearTimeout(timer)
  }, [runs, load])

  if (typeof provider === 'string' && linkOnly.includes(provider))
    return (
      <p className="field-description ticketing-sync__link-only">
        Elevent performances are entered by hand; their booking links are built from this shop
        address.
      </p>
    )
  if (!id) return <p className="field-description">Save the connection first; then sync it here.</p>

  const start = async (body: {
    kind?: 'sync' | 'availability'
    dryRun?: boolean
    confirmRemovals?: boolean
  }) => {
    setBusy(true)
    setNote(undefined)
    try {
      const res = await fetch(`/api/ticketing-connections/${id}/sync`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      if (res.status === 409) setNote('A run of this kind is already under way.')
      else if (!res.ok) setNote(`Could not start a run (${res.status}).`)
      await load()
    } finally {
      setBusy(false)
    }
  }

  const latest = latestRun?.id === runs[0]?.id ? latestRun : runs[0]
  // A refresh under way does not hold up a full sync (one of each kind may be queued).
  const syncUnderWay = underWay(runs.find((run) => run.kind !== 'availability'))
  return (
    <div className="field-type ticketing-sync" style={{ marginBottom: 'var(--base)' }}>
      <label className="field-label">Sync</label>
      <div style={{ display: 'flex', gap: '8px' }}>
        <Button
          size="small"
          onClick={() => void start({ dryRun: false })}
          disabled={busy || syncUnderWay}
        >
          Sync now
        </Button>
        <Button
          buttonStyle="secondary"
          size="small"
          onClick={() => void start({ dryRun: true })}
          disabled={busy || syncUnderWay}
        >
          Preview changes
        </Button>
        <Button
          buttonStyle="secondary"
          size="small"
          onClick={() => void start({ kind: 'availability' })}
          disabled={busy}
        >
          Refresh availability
        </Button>
        {latest?.needsConfirmation ? (
          <Button
            buttonStyle="secondary"
            size="small"
            onClick={() => void start({ dryRun: false, confirmRemovals: true })}
            disabled={busy}
          >
            Sync and confirm removals
          </Button>
        ) : null}
      </div>
      {note ? <p className="field-description">{note}</p> : null}
      <table className="ticketing-sync__runs" style={{ width: '100%', marginTop: '8px' }}>
        <thead>
          <tr>
            <th align="left">Queued</th>
            <th align="left">Kind</th>
            <th align="left">Status</th>
            {countNames.map((name) => (
              <th key={name} align="right">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id} className={`ticketing-sync__run ticketing-sync__run--${run.status}`}>
              <td>{run.queuedAt ? new Date(run.queuedAt).toLocaleString() : ''}</td>
              <td>{kindOf(run)}</td>
              <td>
                {run.status}
                {run.message ? `: ${run.message}` : ''}
              </td>
              {countNames.map((name) => (
                <td key={name} align="right">
                  {run.counts?.[name] ?? 0}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {latest?.errors?.length ? (
        <ul className="ticketing-sync__errors">
          {latest.errors.map((error) => (
            <li key={error.externalId}>
              {error.externalId}: {error.message}
            </li>
          ))}
        </ul>
      ) : null}
      {latest?.dryRun && latest.plan?.length ? (
        <ul className="ticketing-sync__plan">
          {latest.plan.map((entry) => (
            <li key={`${entry.kind}:${entry.externalId}`}>
              {entry.action} {entry.kind === 'events' ? 'event' : 'performance'}{' '}
              {entry.title ?? entry.externalId}
              {entry.changes.length ? (
                <ul>
                  {entry.changes.map((change) => (
                    <li key={change.field}>
                      {change.field}: {shown(change.from)} → {shown(change.to)}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
