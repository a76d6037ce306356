'use client'
import { Button } from '@payloadcms/ui'
import { useCallback, useEffect, useState } from 'react'

import { bulk, errorsAt, performances, whenIn, type FieldError } from './api'
import { FieldErrors } from './FieldErrors'
import { OneDrawer } from './OneDrawer'
import { VenueSelect } from './VenueSelect'
import type { Venue } from './useVenues'

type Performance = {
  id: string
  startDate: string
  startDate_tz?: string | null
  venue?: string | null
  hidden?: boolean | null
  cancelled?: boolean | null
  availability?: string | null
}

/** The yes-or-no changes, each a button: what it sets, and what it says when done. */
const switches = [
  { label: 'Hide', set: { hidden: true }, done: 'Hid' },
  { label: 'Show', set: { hidden: false }, done: 'Showed' },
  { label: 'Cancel', set: { cancelled: true }, done: 'Cancelled' },
  { label: 'Restore', set: { cancelled: false }, done: 'Restored' },
] as const

const bar = {
  display: 'flex',
  gap: 8,
  flexWrap: 'wrap',
  alignItems: 'center',
  margin: '8px 0',
} as const

const statusOf = (p: Performance): string =>
  [
    p.cancelled ? 'Cancelled' : '',
    p.hidden ? 'Hidden' : '',
    p.availability?.replace('_', ' ') ?? '',
  ]
    .filter(Boolean)
    .join(', ') || 'Listed'

/**
 * The event's performances with a box each: hide, show, cancel, restore, move to a start time,
 * set the venue of, or delete the chosen ones together, all or none.
 */
export const PerformanceList = ({
  eventId,
  tenant,
  venues,
  version,
  onChanged,
}: {
  eventId: string
  tenant: string | undefined
  venues: readonly Venue[]
  /** Bumped when performances were added elsewhere: read them again. */
  version: number
  onChanged: () => void
}) => {
  const [rows, setRows] = useState<Performance[]>([])
  const [chosen, setChosen] = useState<Set<string>>(new Set())
  const [time, setTime] = useState('')
  const [venue, setVenue] = useState('')
  const [confirming, setConfirming] = useState(false)
  const [errors, setErrors] = useState<FieldError[]>([])
  const [done, setDone] = useState<string>()
  const [busy, setBusy] = useState(false)

  const load = useCallback(async () => {
    const query = new URLSearchParams({
      'where[event][equals]': eventId,
      sort: 'startDate',
      limit: '500',
      depth: '0',
    })
    const res = await fetch(`/api/event-instances?${query.toString()}`, { credentials: 'include' })
    if (res.ok) setRows(((await res.json()) as { docs: Performance[] }).docs)
  }, [eventId])
  useEffect(() => {
    void load()
  }, [load, version])

  const refresh = () => {
    void load()
    onChanged()
  }
  const names = new Map(venues.map((v) => [v.id, v.title]))
  const ids = [...chosen]
  const apply = async (method: 'PATCH' | 'DELETE', body: object, said: string) => {
    setBusy(true)
    setErrors([])
    setDone(undefined)
    const answer = await bulk(method, { ids, ...body })
    if (answer.ok) {
      setDone(said)
      if (method === 'DELETE') setChosen(new Set())
      await load()
      onChanged()
    } else setErrors(answer.errors)
    setConfirming(false)
    setBusy(false)
  }
  const change = (set: object, verb: string) =>
    void apply('PATCH', { change: set }, `${verb} ${performances(ids.length)}.`)

  return (
    <section data-bulk="list" aria-labelledby="bulk-list-heading">
      <div style={bar}>
        <h4 id="bulk-list-heading" style={{ margin: 0 }}>
          Performances ({rows.length})
        </h4>
        <OneDrawer
          label="Add one"
          name="Add one performance"
          initialData={{ event: eventId, ...(tenant ? { tenant } : {}) }}
          onChanged={refresh}
        />
      </div>
      <div style={bar} data-bulk="actions">
        <span>{ids.length} chosen</span>
        {switches.map(({ label, set, done }) => (
          <Button
            key={label}
            size="small"
            buttonStyle="secondary"
            margin={false}
            disabled={busy || !ids.length}
            onClick={() => change(set, done)}
          >
            {label}
          </Button>
        ))}
        <input
          aria-label="New start time"
          placeholder="20:00"
          size={6}
          value={time}
          onChange={(e) => setTime(e.target.value)}
        />
        <Button
          size="small"
          buttonStyle="secondary"
          margin={false}
          disabled={busy || !ids.length || !time}
          onClick={() => change({ startTime: time }, 'Moved')}
        >
          Set start time
        </Button>
        <VenueSelect label="New venue" value={venue} venues={venues} onChange={setVenue} />
        <Button
          size="small"
          buttonStyle="secondary"
          margin={false}
          disabled={busy || !ids.length}
          onClick={() => change({ venue: venue || null }, 'Set the venue of')}
        >
          Set venue
        </Button>
        {confirming ? (
          <Button
            size="small"
            margin={false}
            disabled={busy}
            onClick={() => void apply('DELETE', {}, `Deleted ${performances(ids.length)}.`)}
          >
            {`Delete ${ids.length} for good`}
          </Button>
        ) : (
          <Button
            size="small"
            buttonStyle="secondary"
            margin={false}
            disabled={busy || !ids.length}
            onClick={() => setConfirming(true)}
          >
            Delete…
          </Button>
        )}
      </div>
      <FieldErrors
        name="change.startTime"
        messages={errorsAt(errors, 'change.startTime', 'startTime')}
      />
      <FieldErrors
        name="change"
        messages={errorsAt(errors).filter(
          (m) => !errorsAt(errors, 'change.startTime', 'startTime').includes(m),
        )}
      />
      {done ? (
        <p role="status" data-bulk="changed">
          {done}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p>No performances yet: add them above.</p>
      ) : (
        <table style={{ width: '100%', borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              <th style={{ textAlign: 'left' }}>
                <input
                  type="checkbox"
                  aria-label="Choose all"
                  checked={chosen.size === rows.length}
                  onChange={(e) =>
                    setChosen(new Set(e.target.checked ? rows.map((r) => r.id) : []))
                  }
                />
              </th>
              <th style={{ textAlign: 'left' }}>When</th>
              <th style={{ textAlign: 'left' }}>Venue</th>
              <th style={{ textAlign: 'left' }}>State</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => {
              const when = whenIn(p.startDate, p.startDate_tz || 'UTC')
              return (
                <tr
                  key={p.id}
                  data-performance={p.id}
                  style={{ borderTop: '1px solid var(--theme-elevation-100)' }}
                >
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Choose ${when}`}
                      checked={chosen.has(p.id)}
                      onChange={(e) => {
                        const next = new Set(chosen)
                        if (e.target.checked) next.add(p.id)
                        else next.delete(p.id)
                        setChosen(next)
                      }}
                    />
                  </td>
                  <td>{when}</td>
                  <td>{(p.venue && names.get(p.venue)) || '—'}</td>
                  <td>{statusOf(p)}</td>
                  <td>
                    <OneDrawer id={p.id} label="Edit" name={`Edit ${when}`} onChanged={refresh} />
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
    </section>
  )
}
