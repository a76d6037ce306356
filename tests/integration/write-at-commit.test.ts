import { randomUUID } from 'node:crypto'
import { sql } from '@payloadcms/db-postgres'
import pg from 'pg'
import type { Payload, PayloadRequest } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { postgresOf } from '../../src/db/postgres'
import { beforeCommit } from '../../src/db/transactions'
import { runInRequest, type RequestContext } from '../../src/lib/requestContext'
import type { Tenant } from '../../src/payload-types'
import { getTestPayload } from '../helpers/payload'
import { inTransaction as inTransactionOf } from '../helpers/transactions'
import { createTenant } from '../helpers/tenants'

/**
 * What a transaction's writes add to the change log and to their events' dates is gathered and
 * written once, just before the transaction commits (`src/db/atCommit.ts`): one change-log
 * statement and one NOTIFY for all of a batch's records, one update of an event for all its new
 * performances, and the tenant's change-log lock held from there to the commit only. Against
 * the test database, through Payload's Local API in transactions of the test's own.
 */
let payload: Payload
let tenant: Tenant
let listener: pg.Client
const heard: string[] = []

const inTransaction = <T>(
  work: (req: PayloadRequest) => Promise<T>,
  { commit = true }: { commit?: boolean } = {},
): Promise<T> => inTransactionOf({ payload, work, commit })

const entriesOf = async (ids: readonly string[]) => {
  const { rows } = await postgresOf(payload).drizzle.execute<{
    record_id: string
    event: string
    seq: string
  }>(
    sql`select record_id, event, seq from change_log
      where record_id = any(${`{${ids.join(',')}}`}::varchar[]) order by seq`,
  )
  return rows.map((row) => `${row.event} ${ids.indexOf(row.record_id)}`)
}

/** Whether another connection can take the tenant's change-log lock right now. */
const logLockIsFree = async (): Promise<boolean> => {
  const client = await postgresOf(payload).pool.connect()
  try {
    await client.query('begin')
    const { rows } = await client.query<{ free: boolean }>(
      `select pg_try_advisory_xact_lock(hashtextextended($1, 0)) as free`,
      [`change_log:${tenant.id}`],
    )
    return rows[0]?.free === true
  } finally {
    await client.query('rollback')
    client.release()
  }
}

const until = async (check: () => Promise<boolean>): Promise<void> => {
  for (const deadline = Date.now() + 30_000; !(await check());) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Statements over events of this database waiting for another's lock. */
const waitingOnEvents = async (): Promise<number> => {
  const { rows } = await postgresOf(payload).pool.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and cardinality(pg_blocking_pids(pid)) > 0
        and query ilike '%"events"%'`,
  )
  return Number(rows[0]?.n)
}

/** Whether another transaction holds the event's row. */
const rowHeld = async (id: string): Promise<boolean> => {
  const client = await postgresOf(payload).pool.connect()
  try {
    await client.query('begin')
    return await client
      .query('select 1 from events where id = $1 for no key update nowait', [id])
      .then(
        () => false,
        () => true,
      )
  } finally {
    await client.query('rollback')
    client.release()
  }
}

/** Until a statement of another session waits for the session `pid`. */
const untilBlockedBy = (pid: number | undefined): Promise<void> =>
  until(
    async () =>
      (
        await postgresOf(payload).pool.query(
          'select 1 from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
          [pid],
        )
      ).rows.length > 0,
  )

/** A published event of the test's tenant. */
const publishedEvent = (title: string) =>
  payload.create({
    collection: 'events',
    data: { tenant: tenant.id, title, _status: 'published' } as never,
    draft: false,
    overrideAccess: true,
  })

const announcedFor = async (): Promise<number> => {
  // NOTIFY arrives after the commit; a round trip on the listener lets it in.
  await listener.query('select 1')
  return heard.filter((message) => message.includes(tenant.id)).length
}

beforeAll(async () => {
  payload = await getTestPayload()
  tenant = await createTenant({ payload, slug: 'wac-home' })
  listener = new pg.Client({ connectionString: process.env.DATABASE_URI })
  await listener.connect()
  listener.on('notification', (message) => heard.push(message.payload ?? ''))
  await listener.query('listen cms_changes')
})

afterAll(async () => {
  await listener?.end()
})

describe('the change log of a transaction', () => {
  it('is written once, in the order of the changes, and announced once, at commit', async () => {
    heard.length = 0
    const ids: string[] = []
    let lockFreeBeforeCommit = false
    await inTransaction(async (req) => {
      for (const title of ['One', 'Two', 'Three']) {
        const venue = await payload.create({
          collection: 'venues',
          data: { tenant: tenant.id, title },
          overrideAccess: true,
          req,
        })
        ids.push(String(venue.id))
      }
      await payload.update({
        collection: 'venues',
        id: ids[0]!,
        data: { title: 'One, renamed' },
        overrideAccess: true,
        req,
      })
      await payload.delete({ collection: 'venues', id: ids[2]!, overrideAccess: true, req })
      // Nothing is written yet, and the tenant's other writers are not kept waiting.
      expect(await entriesOf(ids)).toEqual([])
      lockFreeBeforeCommit = await logLockIsFree()
    })
    expect(lockFreeBeforeCommit).toBe(true)
    expect(await entriesOf(ids)).toEqual([
      'created 0',
      'created 1',
      'created 2',
      'updated 0',
      'deleted 2',
    ])
    expect(await announcedFor()).toBe(1)
  })

  it('leaves nothing behind when the transaction rolls back', async () => {
    heard.length = 0
    const ids: string[] = []
    await inTransaction(
      async (req) => {
        const venue = await payload.create({
          collection: 'venues',
          data: { tenant: tenant.id, title: 'Never committed' },
          overrideAccess: true,
          req,
        })
        ids.push(String(venue.id))
      },
      { commit: false },
    )
    expect(await entriesOf(ids)).toEqual([])
    expect(await announcedFor()).toBe(0)
  })

  it('costs a batch one statement for all its entries and its event’s dates', async () => {
    const event = await publishedEvent('Counted')
    const statementsFor = async (count: number): Promise<number> => {
      const context: RequestContext = { id: `batch-${count}`, clientAddress: '127.0.0.1' }
      await runInRequest(context, () =>
        inTransaction(async (req) => {
          for (let i = 0; i < count; i++)
            await payload.create({
              collection: 'event-instances',
              data: {
                tenant: tenant.id,
                event: event.id,
                startDate: new Date(Date.UTC(2032, 0, 1 + i, 19, 30)).toISOString(),
              } as never,
              overrideAccess: true,
              req,
            })
        }),
      )
      return context.statements ?? 0
    }
    await statementsFor(2) // what is read once a process is read now
    const two = await statementsFor(2)
    const twelve = await statementsFor(12)
    // Each further performance writes its own row and nothing else.
    expect(twelve - two).toBe(10)
  })
})

describe('the dates of an event whose performances a transaction writes', () => {
  it('counts the new performances once, and not one the same transaction deleted', async () => {
    const event = await publishedEvent('Dated')
    const datesOf = async () => {
      const { rows } = await postgresOf(payload).drizzle.execute<{ first: Date; last: Date }>(
        sql`select first_performance as first, last_performance as last from events
          where id = ${event.id}`,
      )
      return rows.map(({ first, last }) => [
        new Date(first).toISOString(),
        new Date(last).toISOString(),
      ])[0]
    }
    await inTransaction(async (req) => {
      const add = (startDate: string) =>
        payload.create({
          collection: 'event-instances',
          data: { tenant: tenant.id, event: event.id, startDate } as never,
          overrideAccess: true,
          req,
        })
      await add('2032-03-10T19:30:00.000Z')
      const latest = await add('2032-03-30T19:30:00.000Z')
      await add('2032-03-01T19:30:00.000Z')
      // Deleted in the same transaction: the last performance is the one before it.
      await payload.delete({
        collection: 'event-instances',
        id: latest.id,
        overrideAccess: true,
        req,
      })
      await add('2032-03-20T19:30:00.000Z')
    })
    expect(await datesOf()).toEqual(['2032-03-01T19:30:00.000Z', '2032-03-20T19:30:00.000Z'])
  })
})

describe('the dates of an event two transactions recompute at once', () => {
  it('are read after the other committed, not before', async () => {
    const event = await publishedEvent('Recomputed')
    const add = (startDate: string) =>
      payload.create({
        collection: 'event-instances',
        data: { tenant: tenant.id, event: event.id, startDate } as never,
        overrideAccess: true,
      })
    const early = await add('2033-03-01T19:30:00.000Z')
    const late = await add('2033-03-30T19:30:00.000Z')
    let release: () => void = () => undefined
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    // The first moves the late performance on, holding the event's row until released.
    const moving = inTransaction(async (req) => {
      await payload.update({
        collection: 'event-instances',
        id: late.id,
        data: { startDate: '2033-04-20T19:30:00.000Z' } as never,
        overrideAccess: true,
        req,
      })
      await released
    })
    await until(() => rowHeld(String(event.id)))
    // The second deletes the early one: its recompute waits for the event's row.
    const deleting = inTransaction((req) =>
      payload.delete({ collection: 'event-instances', id: early.id, overrideAccess: true, req }),
    )
    await until(async () => (await waitingOnEvents()) > 0)
    release()
    await Promise.all([moving, deleting])
    const { rows } = await postgresOf(payload).drizzle.execute<{ first: Date; last: Date }>(
      sql`select first_performance as first, last_performance as last from events
        where id = ${event.id}`,
    )
    expect(
      rows.map((row) => [new Date(row.first).toISOString(), new Date(row.last).toISOString()]),
    ).toEqual([['2033-04-20T19:30:00.000Z', '2033-04-20T19:30:00.000Z']])
  })
})

describe('the events of a transaction with performances of several', () => {
  it('are taken at its commit in one order, whatever the order of their performances', async () => {
    const make = (title: string) =>
      payload.create({
        collection: 'events',
        data: { tenant: tenant.id, title, _status: 'published' } as never,
        draft: false,
        overrideAccess: true,
      })
    const [low, high] = [
      String((await make('Order A')).id),
      String((await make('Order B')).id),
    ].sort()
    const pool = postgresOf(payload).pool
    // Another transaction holds the first event's row.
    const holder = await pool.connect()
    await holder.query('begin')
    await holder.query('select 1 from events where id = $1 for no key update', [low])
    const { rows } = await holder.query<{ pid: number }>('select pg_backend_pid() as pid')
    let writing: Promise<unknown> | undefined
    try {
      writing = inTransaction(async (req) => {
        for (const event of [high, low])
          await payload.create({
            collection: 'event-instances',
            data: { tenant: tenant.id, event, startDate: '2032-05-01T19:30:00.000Z' } as never,
            overrideAccess: true,
            req,
          })
      })
      await untilBlockedBy(rows[0]?.pid)
      // Waiting for the first event, the commit has not taken the second: two transactions
      // with performances of both cannot each hold one and wait for the other.
      const probe = await pool.connect()
      try {
        await probe.query('begin')
        const free = await probe
          .query('select 1 from events where id = $1 for no key update nowait', [high])
          .then(
            () => true,
            () => false,
          )
        expect(free).toBe(true)
      } finally {
        await probe.query('rollback')
        probe.release()
      }
    } finally {
      await holder.query('commit')
      holder.release()
    }
    await writing
  })
})

describe('the dates an event’s performances set', () => {
  const isoOf = (value: unknown): string | null =>
    value === null ? null : new Date(value as string).toISOString()

  it('are written to its row and its latest version, not to its history', async () => {
    const event = await publishedEvent('Saved often')
    for (const title of ['Saved often, draft one', 'Saved often, draft two'])
      await payload.update({
        collection: 'events',
        id: event.id,
        data: { title } as never,
        draft: true,
        overrideAccess: true,
      })
    // A new performance extends the dates; moving it recomputes them.
    const performance = await payload.create({
      collection: 'event-instances',
      data: { tenant: tenant.id, event: event.id, startDate: '2034-01-10T19:30:00.000Z' } as never,
      overrideAccess: true,
    })
    await payload.update({
      collection: 'event-instances',
      id: performance.id,
      data: { startDate: '2034-02-10T19:30:00.000Z' } as never,
      overrideAccess: true,
    })
    const { rows } = await postgresOf(payload).pool.query<{ latest: boolean; first: unknown }>(
      `select latest, version_first_performance as first from _events_v
        where parent_id = $1 order by created_at, latest`,
      [event.id],
    )
    expect(rows.map((row) => [row.latest, isoOf(row.first)])).toEqual([
      [false, null],
      [false, null],
      [true, '2034-02-10T19:30:00.000Z'],
    ])
    const draft = await payload.findByID({
      collection: 'events',
      id: event.id,
      draft: true,
      overrideAccess: true,
    })
    const published = await payload.findByID({
      collection: 'events',
      id: event.id,
      draft: false,
      overrideAccess: true,
    })
    expect([draft.title, draft.firstPerformance]).toEqual([
      'Saved often, draft two',
      '2034-02-10T19:30:00.000Z',
    ])
    expect([published.title, published.lastPerformance]).toEqual([
      'Saved often',
      '2034-02-10T19:30:00.000Z',
    ])
  })

  it('reach the version a save of the event made while the commit waited for it', async () => {
    const event = await publishedEvent('Saved meanwhile')
    const pool = postgresOf(payload).pool
    const { rows: columns } = await pool.query<{ name: string }>(
      `select quote_ident(column_name) as name from information_schema.columns
        where table_schema = current_schema() and table_name = '_events_v' and column_name <> 'id'`,
    )
    const list = columns.map((column) => column.name).join(', ')
    // A save of the event, as Payload makes one: the event's row first.
    const saver = await pool.connect()
    let writing: Promise<unknown> | undefined
    try {
      await saver.query('begin')
      await saver.query('select 1 from events where id = $1 for no key update', [event.id])
      const { rows } = await saver.query<{ pid: number }>('select pg_backend_pid() as pid')
      writing = inTransaction((req) =>
        payload.create({
          collection: 'event-instances',
          data: {
            tenant: tenant.id,
            event: event.id,
            startDate: '2034-05-01T19:30:00.000Z',
          } as never,
          overrideAccess: true,
          req,
        }),
      )
      await untilBlockedBy(rows[0]?.pid)
      // Then its new version, and the one before it marked as the latest no more: a commit
      // that had taken that version before the event's row would deadlock with it here.
      const { rows: before } = await saver.query<{ id: string }>(
        'select id from _events_v where parent_id = $1 and latest',
        [event.id],
      )
      await saver.query(
        `insert into _events_v (${list}) select ${list} from _events_v where id = $1`,
        [before[0]?.id],
      )
      await saver.query('update _events_v set latest = false where id = $1', [before[0]?.id])
      await saver.query('commit')
    } finally {
      saver.release()
    }
    await writing
    const { rows } = await pool.query<{ latest: boolean; first: unknown }>(
      `select latest, version_first_performance as first from _events_v
        where parent_id = $1 order by latest`,
      [event.id],
    )
    expect(rows.map((row) => [row.latest, isoOf(row.first)])).toEqual([
      [false, null],
      [true, '2034-05-01T19:30:00.000Z'],
    ])
  })
})

describe('a delete of an event while its performance is edited', () => {
  it.each(['by id', 'by a filter'] as const)(
    'takes the performances before the event, %s',
    async (how) => {
      const event = await payload.create({
        collection: 'events',
        data: { tenant: tenant.id, title: 'Deleted meanwhile', _status: 'published' } as never,
        draft: false,
        overrideAccess: true,
      })
      const add = (id: string, startDate: string) =>
        payload.create({
          collection: 'event-instances',
          data: { id, tenant: tenant.id, event: event.id, startDate } as never,
          overrideAccess: true,
        })
      // The delete takes the performances by id: the edited one first, then the held one.
      const [low, high] = [randomUUID(), randomUUID()].sort()
      const edited = await add(low!, '2035-01-10T19:30:00.000Z')
      const held = await add(high!, '2035-01-11T19:30:00.000Z')
      const pool = postgresOf(payload).pool
      const blocked = async (): Promise<number> => {
        const { rows } = await pool.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and cardinality(pg_blocking_pids(pid)) > 0`,
        )
        return Number(rows[0]?.n)
      }
      // Another write holds the second, so the delete waits there, and the edit for the first.
      const holder = await pool.connect()
      let deleting: Promise<unknown> | undefined
      let editing: Promise<unknown> | undefined
      try {
        await holder.query('begin')
        await holder.query('select 1 from event_instances where id = $1 for no key update', [
          held.id,
        ])
        // A bulk delete reports a record it could not delete instead of throwing.
        deleting = (
          how === 'by id'
            ? payload.delete({ collection: 'events', id: event.id, overrideAccess: true })
            : payload
                .delete({
                  collection: 'events',
                  where: { id: { equals: event.id } },
                  overrideAccess: true,
                })
                .then(({ docs, errors }) => {
                  if (errors.length > 0 || docs.length !== 1)
                    throw new Error(JSON.stringify(errors))
                })
        ).then(
          () => 'deleted',
          (err: unknown) => err,
        )
        await until(async () => (await blocked()) === 1)
        // The edit moves the other performance, and reads its event's tenant.
        editing = payload
          .update({
            collection: 'event-instances',
            id: edited.id,
            data: { startDate: '2035-02-10T19:30:00.000Z' } as never,
            overrideAccess: true,
          })
          .then(
            () => 'edited',
            (err: unknown) => err,
          )
        await until(async () => (await blocked()) === 2)
      } finally {
        await holder.query('commit')
        holder.release()
      }
      // A delete that took the event first would hold it while it waited for the performance
      // the edit held, and the edit would wait for the event: PostgreSQL aborts one of the two.
      expect(await deleting).toBe('deleted')
      expect(await editing).toMatchObject({ status: 404 })
      const { rows } = await pool.query('select id from event_instances where event_id = $1', [
        event.id,
      ])
      expect(rows).toEqual([])
    },
  )
})

describe('work done just before a commit', () => {
  it('rolls the transaction back when it fails, and the commit says so', async () => {
    const ids: string[] = []
    await expect(
      inTransaction(async (req) => {
        const venue = await payload.create({
          collection: 'venues',
          data: { tenant: tenant.id, title: 'Rolled back at commit' },
          overrideAccess: true,
          req,
        })
        ids.push(String(venue.id))
        await beforeCommit({
          req,
          hook: async () => {
            throw new Error('refused at commit')
          },
        })
      }),
    ).rejects.toThrow('refused at commit')
    const { docs } = await payload.find({
      collection: 'venues',
      where: { id: { equals: ids[0] } },
      overrideAccess: true,
    })
    expect(docs).toEqual([])
    expect(await entriesOf(ids)).toEqual([])
  })
})
