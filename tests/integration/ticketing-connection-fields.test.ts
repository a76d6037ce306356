import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Tenant, TicketingConnection, TicketingSyncRun, User } from '../../src/payload-types'
import { getTestPayload } from '../helpers/payload'
import { as, createTenant, createUser } from '../helpers/tenants'

/**
 * A connection's server-set fields: `lastRun` and `lastAvailabilityRun` are the runner's
 * (`settle.ts`); a tenant admin's write of them (REST, GraphQL, the admin's form) is dropped.
 */
let payload: Payload
let tenantA: Tenant
let tenantB: Tenant
let adminA: User
let connectionA: TicketingConnection
let runB: TicketingSyncRun
let runA: TicketingSyncRun

const makeConnection = (tenant: Tenant, name: string) =>
  payload.create({
    collection: 'ticketing-connections',
    overrideAccess: true,
    data: {
      tenant: tenant.id,
      name,
      provider: 'spektrix',
      spektrix: { clientName: name.replace(/\W/g, '').toLowerCase() },
      syncEveryMinutes: 0,
      availabilityEveryMinutes: 0,
    } as never,
  }) as Promise<TicketingConnection>

const makeRun = (tenant: Tenant, connection: TicketingConnection) =>
  payload.create({
    collection: 'ticketing-sync-runs',
    overrideAccess: true,
    data: {
      tenant: tenant.id,
      connection: connection.id,
      provider: 'spektrix',
      kind: 'availability',
      status: 'succeeded',
      trigger: 'manual',
    } as never,
  }) as Promise<TicketingSyncRun>

beforeAll(async () => {
  payload = await getTestPayload()
  tenantA = await createTenant({ payload, slug: 'rr-a' })
  tenantB = await createTenant({ payload, slug: 'rr-b' })
  adminA = await createUser({
    payload,
    email: 'rr-admin-a@example.com',
    tenants: [{ tenant: tenantA, roles: ['tenant-admin'] }],
  })
  connectionA = await makeConnection(tenantA, 'RR A')
  const connectionB = await makeConnection(tenantB, 'RR B')
  runA = await makeRun(tenantA, connectionA)
  runB = await makeRun(tenantB, connectionB)
})

const stored = async () =>
  (await payload.findByID({
    collection: 'ticketing-connections',
    id: connectionA.id,
    depth: 0,
    overrideAccess: true,
  })) as TicketingConnection

describe('server-only connection fields', () => {
  it('a tenant admin cannot set lastRun ', async () => {
    await payload
      .update({
        collection: 'ticketing-connections',
        id: connectionA.id,
        data: { lastRun: runA.id } as never,
        ...as(adminA),
      })
      .catch(() => undefined)
    expect((await stored()).lastRun ?? null).toBeNull()
  })

  it("a tenant admin cannot set lastAvailabilityRun (a client's value is ignored)", async () => {
    const own = await payload
      .update({
        collection: 'ticketing-connections',
        id: connectionA.id,
        data: { lastAvailabilityRun: runA.id } as never,
        ...as(adminA),
      })
      .then(
        () => 'stored',
        (err: Error) => `refused: ${err.message}`,
      )
    const other = await payload
      .update({
        collection: 'ticketing-connections',
        id: connectionA.id,
        data: { lastAvailabilityRun: runB.id } as never,
        ...as(adminA),
      })
      .then(
        () => 'stored',
        (err: Error) => `refused: ${err.message}`,
      )
    const after = (await stored()).lastAvailabilityRun ?? null
    // Only the runner sets it: a client's value is dropped, whichever tenant's run it names.
    expect({ own, other, after }).toEqual({ own: 'stored', other: 'stored', after: null })
  })

  it("the provider stays fixed, and another provider's credential is refused", async () => {
    const swap = await payload
      .update({
        collection: 'ticketing-connections',
        id: connectionA.id,
        data: {
          provider: 'tessitura',
          tessitura: { baseUrl: 'https://t.example.org/TessituraService' },
        } as never,
        ...as(adminA),
      })
      .then(
        () => 'stored',
        (err: Error) => `refused: ${err.message}`,
      )
    const foreign = await payload
      .update({
        collection: 'ticketing-connections',
        id: connectionA.id,
        data: { credentials: { password: 'p' } } as never,
        ...as(adminA),
      })
      .then(
        () => 'stored',
        (err: Error) => `refused: ${err.message}`,
      )
    expect({ swap, foreign }).toEqual({
      swap: expect.stringMatching(/^refused/),
      foreign: expect.stringMatching(/^refused/),
    })
    expect((await stored()).provider).toBe('spektrix')
  })
})
