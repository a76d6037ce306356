import { randomUUID } from 'node:crypto'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { postgresOf } from '../../src/db/postgres'
import { startApp, type RunningApp } from '../helpers/app'
import { getTestPayload } from '../helpers/payload'
import { createKey, partner } from '../helpers/partner'
import { createTenant } from '../helpers/tenants'

/**
 * A write that PostgreSQL rolls back because it met another in a deadlock changed nothing and
 * may be sent again: the partner hears that (503, Retry-After), not a 500. The deadlock is made
 * by hand, through the real route: another session holds the event, the partner's save of its
 * performance takes the performance and waits for the event, and the other session then asks
 * for the performance. The partner waited first, so PostgreSQL's check runs in its session and
 * ends its transaction.
 */
let app: RunningApp
let payload: Payload
let key = ''

beforeAll(async () => {
  app = await startApp()
  payload = await getTestPayload()
  const tenant = await createTenant({ payload, slug: 'wc-home' })
  key = await createKey({ payload, tenants: [tenant], scope: 'write' })
}, 600_000)

afterAll(async () => {
  await app?.stop()
})

const waitingForLocks = async (): Promise<number> => {
  const { rows } = await postgresOf(payload).pool.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`,
  )
  return Number(rows[0]?.n)
}

describe('a partner write rolled back for a deadlock', () => {
  it('answers 503 with Retry-After, and changed nothing', async () => {
    const api = partner({ origin: app.origin, tenant: 'wc-home', key })
    const event = await api.create('events', {
      id: randomUUID(),
      title: 'Deadlocked',
      _status: 'published',
    })
    expect(event.status, JSON.stringify(event.body)).toBe(201)
    const performance = await api.create('event-instances', {
      id: randomUUID(),
      event: event.body.id,
      startDate: '2036-01-10T19:30:00.000Z',
    })
    expect(performance.status, JSON.stringify(performance.body)).toBe(201)

    const other = await postgresOf(payload).pool.connect()
    try {
      await other.query('begin')
      await other.query('select 1 from events where id = $1 for update', [event.body.id])
      const saving = api.call('PATCH', `/event-instances/${String(performance.body.id)}`, {
        startDate: '2036-02-10T19:30:00.000Z',
      })
      for (const until = Date.now() + 30_000; (await waitingForLocks()) < 1;) {
        if (Date.now() > until) throw new Error('the save never waited for the event')
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      const taking = other.query('select 1 from event_instances where id = $1 for update', [
        performance.body.id,
      ])
      const answer = await saving
      expect(answer.status, JSON.stringify(answer.body)).toBe(503)
      expect(answer.headers.get('retry-after')).toBeTruthy()
      expect(answer.headers.get('content-type')).toContain('application/problem+json')
      expect(String(answer.body.detail)).toMatch(/nothing was changed/)
      await taking
    } finally {
      await other.query('rollback')
      other.release()
    }
    const stored = await api.call('GET', `/event-instances/${String(performance.body.id)}`)
    expect(Date.parse(String(stored.body.startDate))).toBe(Date.parse('2036-01-10T19:30:00.000Z'))
  })
})
