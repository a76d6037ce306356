import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { fail } from '../../../lib/partnerProblem'
import { postgresOf } from '../../../db/postgres'
import { partnerOptions } from '../options'

/**
 * One key's count in the current minute as this process knows it: what PostgreSQL last said
 * (every instance's requests), plus what this process is writing now (`sending`: until the
 * answer comes these are in neither of the others; a cached answer is quick enough to slip
 * through that gap), plus what it has counted and not yet written.
 */
type Window = {
  minute: number
  shared: number
  sending: number
  /** Requests near the limit being counted in PostgreSQL before they are answered. */
  deciding: number
  pending: number
  flushing: boolean
  scheduled: boolean
}

/**
 * How long counts gather before they are written: under load one write per key carries many
 * requests (measured: a write per request cost cached reads a third of their throughput). The
 * local count is exact at once; other instances learn it this much later.
 */
const gatherMs = 50

const windows = new Map<string, Window>()
let lastSweep = 0

const currentMinute = (): number => Math.floor(Date.now() / 60_000)

/** Adds this process's pending requests to the shared counter and learns the total. */
const flush = ({ db, keyId, window }: { db: PostgresAdapter; keyId: string; window: Window }) => {
  if (window.flushing || window.pending === 0) return
  window.flushing = true
  const count = window.pending
  window.pending = 0
  window.sending = count
  const windowStart = new Date(window.minute * 60_000).toISOString()
  db.drizzle
    .execute<{ count: number }>(
      sql`
      insert into partner_rate_limits (bucket, key_id, window_start, count)
      values (${`${keyId}@${windowStart}`}, ${keyId}, ${windowStart}, ${count})
      on conflict (bucket)
      do update set count = partner_rate_limits.count + excluded.count
      returning count`,
    )
    .then((result) => {
      window.shared = Math.max(window.shared + count, Number(result.rows[0]?.count ?? 0))
    })
    .catch(() => {
      // The database is away: the requests are still counted here, so the limit holds locally.
      window.shared += count
    })
    .finally(() => {
      window.sending = 0
      window.flushing = false
      scheduleFlush({ db, keyId, window })
    })
  const now = Date.now()
  if (now - lastSweep > 60_000) {
    lastSweep = now
    db.drizzle
      .execute(
        sql`delete from partner_rate_limits where window_start < now() - interval '5 minutes'`,
      )
      .catch(() => undefined)
    for (const [id, w] of windows) if (w.minute < currentMinute() && !w.flushing) windows.delete(id)
  }
}

const scheduleFlush = ({
  db,
  keyId,
  window,
}: {
  db: PostgresAdapter
  keyId: string
  window: Window
}): void => {
  if (window.scheduled || window.flushing || window.pending === 0) return
  window.scheduled = true
  setTimeout(() => {
    window.scheduled = false
    flush({ db, keyId, window })
  }, gatherMs).unref()
}

/**
 * How close to its limit a key's requests are counted in PostgreSQL before they are answered.
 * Far from it, an instance's view of the others' counts may be a gathering late at no risk;
 * near it, that lateness (a few requests on each other instance, more on a loaded machine)
 * would let them together overshoot, so each request there costs one round trip instead: a fifth
 * of the limit, at least 5 and at most 50 requests a minute, so a key of a high limit does not
 * make every instance write its count hundreds of times a minute.
 */
const exactWithin = (limit: number): number => Math.min(50, Math.max(5, Math.ceil(limit / 5)))

const refuseKey = (limit: number): never => {
  const reset = secondsToNextMinute()
  return fail({
    status: 429,
    detail: `This API key may make ${limit} requests a minute; wait ${reset} s.`,
    headers: { 'retry-after': String(reset) },
  })
}

/** Counts requests in PostgreSQL now and refuses it if the shared total is past the limit. */
const countNow = async ({
  db,
  keyId,
  window,
  limit,
  requests,
}: {
  db: PostgresAdapter
  keyId: string
  window: Window
  limit: number
  requests: number
}): Promise<void> => {
  window.deciding += requests
  const windowStart = new Date(window.minute * 60_000).toISOString()
  let total: number | undefined
  try {
    const result = await db.drizzle.execute<{ count: number }>(
      sql`
      insert into partner_rate_limits (bucket, key_id, window_start, count)
      values (${`${keyId}@${windowStart}`}, ${keyId}, ${windowStart}, ${requests})
      on conflict (bucket)
      do update set count = partner_rate_limits.count + excluded.count
      returning count`,
    )
    total = Number(result.rows[0]?.count ?? 0)
  } catch {
    // The database is away: the request is still counted here, so the limit holds locally.
  } finally {
    window.deciding -= requests
  }
  // The shared total may lack this process's pending requests, never its decided ones.
  window.shared = Math.max(window.shared + requests, total ?? 0)
  if (total !== undefined ? total > limit : window.shared + window.pending > limit) refuseKey(limit)
}

const secondsToNextMinute = (): number =>
  Math.max(1, Math.ceil(((currentMinute() + 1) * 60_000 - Date.now()) / 1000))

/**
 * Counts a request (or a batch's records) of a key in the current minute and refuses it with 429 once the key is
 * over its limit. The count lives in PostgreSQL, so every app instance shares it; it is written
 * behind the request (coalesced under load), so it costs the request no round trip, except
 * near the limit, where each request is counted before it is answered (`exactWithin`), so
 * several instances together let through at most the limit plus what the others had not yet
 * written when this one came near it.
 */
export const limitRate = ({
  payload,
  key,
  requests = 1,
}: {
  payload: Payload
  key: { id: string; rateLimit?: number | null }
  /** What the request counts as: a batch of many records counts as one request per record. */
  requests?: number
}): void | Promise<void> => {
  const keyId = key.id
  const limit = key.rateLimit ?? partnerOptions(payload.config).rateLimitPerMinute
  if (!limit) return
  const minute = currentMinute()
  let window = windows.get(keyId)
  if (!window || window.minute !== minute) {
    window = {
      minute,
      shared: 0,
      sending: 0,
      deciding: 0,
      pending: 0,
      flushing: false,
      scheduled: false,
    }
    windows.set(keyId, window)
  }
  const known = window.shared + window.sending + window.deciding + window.pending
  if (known + requests > limit) refuseKey(limit)
  if (known + requests > limit - exactWithin(limit))
    return countNow({ db: postgresOf(payload), keyId, window, limit, requests })
  window.pending += requests
  scheduleFlush({ db: postgresOf(payload), keyId, window })
}

/**
 * The address a client is counted under: IPv4 as it is, IPv6 by its /64, the block one
 * subscriber usually holds, so a client cannot step through its own addresses.
 */
export const addressGroup = (address: string): string => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped?.[1]) return mapped[1]
  if (!address.includes(':')) return address
  const [head = '', tail = ''] = address.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const full = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left
  return `${full
    .slice(0, 4)
    .map((part) => part.replace(/^0+(?=.)/, '').toLowerCase())
    .join(':')}::/64`
}

/** Failed authentications per address group and minute, in this process only (no database write). */
const failures = new Map<string, { minute: number; count: number }>()

const failuresOf = (address: string): { minute: number; count: number } => {
  const group = addressGroup(address)
  const minute = currentMinute()
  let entry = failures.get(group)
  if (!entry || entry.minute !== minute) {
    if (failures.size > 100_000) failures.clear()
    entry = { minute, count: 0 }
    failures.set(group, entry)
  }
  return entry
}

/**
 * Requests without a valid key are limited per client address, so they cannot make the server
 * look keys up without end: whether the address is over its limit (0 turns the check off).
 */
export const isFailingTooOften = ({
  address,
  limit,
}: {
  address: string
  /** Failed authentications allowed per address and minute. */
  limit: number
}): boolean => limit > 0 && failuresOf(address).count >= limit

/** The 429 an address over its failed-authentication limit gets. */
export const refuseFailingAddress = (): never => {
  const reset = secondsToNextMinute()
  return fail({
    status: 429,
    detail: `Too many requests without a valid API key from this address; wait ${reset} s.`,
    headers: { 'retry-after': String(reset) },
  })
}

export const countFailedAuth = ({ address }: { address: string }): void => {
  failuresOf(address).count += 1
}
