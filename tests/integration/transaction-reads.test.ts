import {
  commitTransaction,
  createLocalReq,
  initTransaction,
  killTransaction,
  type Payload,
  type PayloadRequest,
} from 'payload'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { forgetRecordReads, readEachOnce, readOnce } from '../../src/db/transactionReads'
import type { Tenant } from '../../src/payload-types'
import { getTestPayload } from '../helpers/payload'
import { createTenant } from '../helpers/tenants'

/**
 * A transaction keeps what it read of other records (`src/db/transactionReads.ts`) so a batch
 * of performances of one event reads the event once; a write in the transaction ends what was
 * kept of the record written, so what follows sees the write, and nothing crosses into another
 * transaction.
 */
let payload: Payload
let home: Tenant
let other: Tenant
let open: PayloadRequest[] = []

beforeAll(async () => {
  payload = await getTestPayload()
  home = await createTenant({ payload, slug: 'tr-home' })
  other = await createTenant({ payload, slug: 'tr-other' })
})

afterEach(async () => {
  for (const req of open) await killTransaction(req)
  open = []
})

const transaction = async (): Promise<PayloadRequest> => {
  const req = await createLocalReq({}, payload)
  await initTransaction(req)
  open.push(req)
  return req
}

const publishedEvent = ({ tenant, title }: { tenant: Tenant; title: string }) =>
  payload.create({
    collection: 'events',
    data: { tenant: tenant.id, title, _status: 'published' } as never,
    draft: false,
    overrideAccess: true,
  })

/** Creates performances of `event` in `tenant` in the request's transaction. */
const performances =
  ({
    req,
    tenant,
    event,
    venue,
  }: {
    req: PayloadRequest
    tenant: Tenant
    event: string
    venue?: string
  }) =>
  (startDate: string) =>
    payload.create({
      collection: 'event-instances',
      data: { tenant: tenant.id, event, ...(venue ? { venue } : {}), startDate } as never,
      overrideAccess: true,
      req,
    })

describe('reads kept by a transaction', () => {
  it('reads once a transaction, again after the record is written, and always outside one', async () => {
    let reads = 0
    const read = async () => ++reads
    const record = { collection: 'events', id: '00000000-0000-4000-8000-000000000001' }
    const req = await transaction()
    expect(await readOnce({ req, record, what: 'n', read })).toBe(1)
    expect(await readOnce({ req, record, what: 'n', read })).toBe(1)
    // Another read of the same record is its own.
    expect(await readOnce({ req, record, what: 'm', read })).toBe(2)
    await forgetRecordReads({ req, record })
    expect(await readOnce({ req, record, what: 'n', read })).toBe(3)
    await commitTransaction(req)
    // The next transaction on the same request starts with nothing kept.
    await initTransaction(req)
    expect(await readOnce({ req, record, what: 'n', read })).toBe(4)
    await killTransaction(req)

    const bare = await createLocalReq({}, payload)
    expect(await readOnce({ req: bare, record, what: 'n', read })).toBe(5)
    expect(await readOnce({ req: bare, record, what: 'n', read })).toBe(6)
  })

  it('forgets a record whatever the case of its id, and keeps no read a forget overtook', async () => {
    let reads = 0
    const record = { collection: 'events', id: 'ABCDEF00-0000-4000-8000-000000000002' }
    const req = await transaction()
    await readOnce({ req, record, what: 'n', read: async () => ++reads })
    await forgetRecordReads({ req, record: { ...record, id: record.id.toLowerCase() } })
    expect(await readOnce({ req, record, what: 'n', read: async () => ++reads })).toBe(2)
    // A read under way when the record is written answers what it read, and is not kept.
    let finish: (n: number) => void = () => undefined
    const slow = readOnce({
      req,
      record,
      what: 'm',
      read: () => new Promise<number>((resolve) => (finish = resolve)),
    })
    await new Promise((r) => setTimeout(r, 10))
    await forgetRecordReads({ req, record })
    finish(100)
    expect(await slow).toBe(100)
    expect(await readOnce({ req, record, what: 'm', read: async () => ++reads })).toBe(3)
  })

  it('reads only the records not yet read, and keeps a missing one as missing', async () => {
    const asked: string[][] = []
    const read = async (ids: string[]) => {
      asked.push(ids)
      return new Map(ids.filter((id) => id !== 'gone').map((id) => [id, `tenant of ${id}`]))
    }
    const req = await transaction()
    const first = await readEachOnce({
      req,
      collection: 'venues',
      ids: ['a', 'gone'],
      what: 't',
      read,
    })
    expect([...first]).toEqual([
      ['a', 'tenant of a'],
      ['gone', undefined],
    ])
    const second = await readEachOnce({
      req,
      collection: 'venues',
      ids: ['gone', 'a', 'b'],
      what: 't',
      read,
    })
    expect(second.get('b')).toBe('tenant of b')
    expect(second.get('gone')).toBeUndefined()
    expect(asked).toEqual([['a', 'gone'], ['b']])
  })

  it("gives a performance its event's title as the transaction changed it", async () => {
    const event = await publishedEvent({ tenant: home, title: 'Before' })
    const req = await transaction()
    const perform = performances({ req, tenant: home, event: event.id })
    const first = await perform('2031-03-01T19:30:00.000Z')
    const second = await perform('2031-03-02T19:30:00.000Z')
    expect(first.title).toMatch(/^Before — /)
    expect(second.title).toMatch(/^Before — /)
    await payload.update({
      collection: 'events',
      id: event.id,
      data: { title: 'After', _status: 'published' } as never,
      overrideAccess: true,
      req,
    })
    const third = await perform('2031-03-03T19:30:00.000Z')
    expect(third.title).toMatch(/^After — /)
    await commitTransaction(req)
  })

  it('refuses a reference to a record the transaction moved to another tenant', async () => {
    const venue = await payload.create({
      collection: 'venues',
      data: { tenant: home.id, title: 'Moving hall', _status: 'published' } as never,
      draft: false,
      overrideAccess: true,
    })
    const event = await publishedEvent({ tenant: home, title: 'Touring' })
    const req = await transaction()
    const perform = performances({ req, tenant: home, event: event.id, venue: venue.id })
    // The venue's tenant is read and kept; the performance is removed so the venue may move.
    const kept = await perform('2031-05-01T19:30:00.000Z')
    await payload.delete({ collection: 'event-instances', id: kept.id, overrideAccess: true, req })
    await payload.update({
      collection: 'venues',
      id: venue.id,
      data: { tenant: other.id } as never,
      overrideAccess: true,
      req,
    })
    const refused = await perform('2031-05-02T19:30:00.000Z').then(
      () => [] as string[],
      (err: { data?: { errors?: { path: string }[] } }) => err.data?.errors?.map((e) => e.path),
    )
    expect(refused).toEqual(['venue'])
  })
  it("refuses another tenant's event whose tenant was read with its title", async () => {
    const foreign = await publishedEvent({ tenant: other, title: 'Elsewhere' })
    // Without access rules in the way (a sync, a super-admin): the tenant check alone decides.
    const refused = await payload
      .create({
        collection: 'event-instances',
        data: { tenant: home.id, event: foreign.id, startDate: '2031-06-01T19:30:00.000Z' },
        overrideAccess: true,
      })
      .then(
        () => [] as string[],
        (err: { data?: { errors?: { path: string }[] } }) => err.data?.errors?.map((e) => e.path),
      )
    expect(refused).toEqual(['event'])
  })
  it("gives a performance its tenant's zone as the transaction changed it", async () => {
    const event = await publishedEvent({ tenant: other, title: 'Zoned' })
    const req = await transaction()
    const perform = performances({ req, tenant: other, event: event.id })
    await payload.update({
      collection: 'tenants',
      id: other.id,
      data: { timeZone: 'Europe/Berlin' },
      overrideAccess: true,
      req,
    })
    const first = await perform('2031-07-01T19:30:00.000Z')
    const second = await perform('2031-07-02T19:30:00.000Z')
    await payload.update({
      collection: 'tenants',
      id: other.id,
      data: { timeZone: 'America/New_York' },
      overrideAccess: true,
      req,
    })
    const third = await perform('2031-07-03T19:30:00.000Z')
    expect([first, second, third].map((p) => p.startDate_tz)).toEqual([
      'Europe/Berlin',
      'Europe/Berlin',
      'America/New_York',
    ])
  })
})
