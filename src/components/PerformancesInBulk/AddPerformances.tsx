'use client'
import { Button } from '@payloadcms/ui'
import { useState } from 'react'

import { bulk, errorsAt, performances, whenIn, type FieldError } from './api'
import { FieldErrors } from './FieldErrors'
import { VenueSelect } from './VenueSelect'
import type { Venue } from './useVenues'

type Planned = { local: string; startDate?: string; problem?: string; exists: boolean }
type Preview = {
  timeZone: string
  performances: Planned[]
  problems: { line: number; message: string }[]
}

const weekdays = [
  [1, 'Mon'],
  [2, 'Tue'],
  [3, 'Wed'],
  [4, 'Thu'],
  [5, 'Fri'],
  [6, 'Sat'],
  [0, 'Sun'],
] as const

const split = (text: string): string[] =>
  text
    .split(/[,;\s]+/)
    .map((part) => part.trim())
    .filter(Boolean)

const row = {
  display: 'flex',
  gap: 12,
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  marginBottom: 12,
} as const

/**
 * Adds many performances of the saved event at once: a weekly pattern (days, times, from a date
 * to a date, with days left out) or a typed list, previewed in the organisation's time zone,
 * then created together, all or none. What the server refuses is shown beside its field.
 */
export const AddPerformances = ({
  eventId,
  venues,
  onAdded,
}: {
  eventId: string
  venues: readonly Venue[]
  onAdded: () => void
}) => {
  const [mode, setMode] = useState<'pattern' | 'list'>('pattern')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [days, setDays] = useState<number[]>([])
  const [times, setTimes] = useState('19:30')
  const [except, setExcept] = useState('')
  const [list, setList] = useState('')
  const [duration, setDuration] = useState('')
  const [venue, setVenue] = useState('')
  const [preview, setPreview] = useState<Preview>()
  const [errors, setErrors] = useState<FieldError[]>([])
  const [done, setDone] = useState<string>()
  const [busy, setBusy] = useState(false)

  const request = (extra: object) => ({
    event: eventId,
    ...(mode === 'list'
      ? { list }
      : { pattern: { from, to, weekdays: days, times: split(times), except: split(except) } }),
    ...(duration ? { durationMinutes: Number(duration) } : {}),
    ...(venue ? { venue } : {}),
    ...extra,
  })
  const changed = () => {
    setPreview(undefined)
    setDone(undefined)
  }
  const run = async (create: boolean) => {
    setBusy(true)
    setErrors([])
    setDone(undefined)
    if (create) {
      const answer = await bulk<{ created: string[]; skipped: number }>('POST', request({}))
      if (answer.ok) {
        const { created, skipped } = answer.body
        setDone(
          `Created ${performances(created.length)}${skipped ? `; ${skipped} the event has already were left out` : ''}.`,
        )
        setPreview(undefined)
        onAdded()
      } else setErrors(answer.errors)
    } else {
      const answer = await bulk<Preview>('POST', request({ preview: true }))
      if (answer.ok) setPreview(answer.body)
      else {
        setPreview(undefined)
        setErrors(answer.errors)
      }
    }
    setBusy(false)
  }
  const toCreate = preview?.performances.filter((p) => !p.exists && !p.problem) ?? []
  const blocked =
    !preview || preview.problems.length > 0 || preview.performances.some((p) => p.problem)

  return (
    <section data-bulk="add" style={{ marginBottom: 24 }} aria-labelledby="bulk-add-heading">
      <h4 id="bulk-add-heading">Add performances</h4>
      <div role="radiogroup" aria-label="How to give the dates" style={row}>
        {(
          [
            ['pattern', 'Repeat weekly'],
            ['list', 'List of dates'],
          ] as const
        ).map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name="bulk-mode"
              checked={mode === value}
              onChange={() => {
                setMode(value)
                changed()
              }}
            />{' '}
            {label}
          </label>
        ))}
      </div>
      {mode === 'pattern' ? (
        <div data-bulk="pattern">
          <div style={row}>
            <label>
              First day
              <br />
              <input
                type="date"
                aria-label="First day"
                value={from}
                onChange={(e) => {
                  setFrom(e.target.value)
                  changed()
                }}
              />
            </label>
            <label>
              Last day
              <br />
              <input
                type="date"
                aria-label="Last day"
                value={to}
                onChange={(e) => {
                  setTo(e.target.value)
                  changed()
                }}
              />
            </label>
            <label>
              Start times
              <br />
              <input
                aria-label="Start times"
                value={times}
                placeholder="14:30, 19:30"
                onChange={(e) => {
                  setTimes(e.target.value)
                  changed()
                }}
              />
            </label>
          </div>
          <fieldset style={{ ...row, border: 'none', padding: 0 }}>
            <legend>On</legend>
            {weekdays.map(([day, label]) => (
              <label key={day}>
                <input
                  type="checkbox"
                  aria-label={label}
                  checked={days.includes(day)}
                  onChange={(e) => {
                    setDays(e.target.checked ? [...days, day] : days.filter((d) => d !== day))
                    changed()
                  }}
                />{' '}
                {label}
              </label>
            ))}
          </fieldset>
          <label>
            Except these days (dark days, holidays)
            <br />
            <input
              aria-label="Except these days"
              style={{ width: '100%' }}
              value={except}
              placeholder="2027-10-27, 2027-12-25"
              onChange={(e) => {
                setExcept(e.target.value)
                changed()
              }}
            />
          </label>
          <FieldErrors name="pattern" messages={errorsAt(errors, 'pattern')} />
        </div>
      ) : (
        <div data-bulk="list">
          <label>
            One day per line: a date and its start times
            <textarea
              aria-label="Dates and times"
              rows={6}
              style={{ width: '100%', fontFamily: 'monospace' }}
              placeholder={'2027-09-01 19:30\n2027-09-04 14:30, 19:30'}
              value={list}
              onChange={(e) => {
                setList(e.target.value)
                changed()
              }}
            />
          </label>
          <FieldErrors name="list" messages={errorsAt(errors, 'list')} />
        </div>
      )}
      <div style={row}>
        <label>
          Venue
          <br />
          <VenueSelect
            label="Venue"
            value={venue}
            venues={venues}
            onChange={(chosen) => {
              setVenue(chosen)
              changed()
            }}
          />
        </label>
        <label>
          Length in minutes (optional)
          <br />
          <input
            aria-label="Length in minutes"
            type="number"
            min={1}
            max={1440}
            value={duration}
            onChange={(e) => {
              setDuration(e.target.value)
              changed()
            }}
          />
        </label>
        <Button
          buttonStyle="secondary"
          disabled={busy}
          onClick={() => void run(false)}
          margin={false}
        >
          Preview
        </Button>
      </div>
      <FieldErrors name="venue" messages={errorsAt(errors, 'venue', 'durationMinutes', 'event')} />
      <FieldErrors
        name="other"
        messages={errorsAt(errors).filter(
          (m) =>
            !errorsAt(errors, 'pattern', 'list', 'venue', 'durationMinutes', 'event').includes(m),
        )}
      />
      {preview ? (
        <div data-bulk="preview">
          <p>
            {performances(toCreate.length).replace(' ', ' new ')}, times in {preview.timeZone}.
          </p>
          <FieldErrors
            name="lines"
            messages={preview.problems.map((p) => `Line ${p.line}: ${p.message}`)}
          />
          <ol style={{ maxHeight: 320, overflow: 'auto' }}>
            {preview.performances.map((p, index) => (
              <li
                key={`${p.local}-${index}`}
                data-state={p.problem ? 'problem' : p.exists ? 'exists' : 'new'}
              >
                {p.startDate ? whenIn(p.startDate, preview.timeZone) : p.local.replace('T', ' ')}
                {p.problem ? (
                  <strong style={{ color: 'var(--theme-error-500)' }}> — {p.problem}</strong>
                ) : null}
                {p.exists ? <em> — already there, left out</em> : null}
              </li>
            ))}
          </ol>
          <Button
            disabled={busy || blocked || toCreate.length === 0}
            onClick={() => void run(true)}
          >
            {`Create ${performances(toCreate.length)}`}
          </Button>
        </div>
      ) : null}
      {done ? (
        <p role="status" data-bulk="done">
          {done}
        </p>
      ) : null}
    </section>
  )
}
