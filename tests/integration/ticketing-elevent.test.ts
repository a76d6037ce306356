import { randomUUID } from 'node:crypto'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { EventInstance, Tenant } from '../../src/payload-types'
import { getTestPayload } from '../helpers/payload'

/**
 * Elevent's booking links, in-process against the test database through the Local API: a
 * performance's `ticketingUrl` is built from its tenant's Elevent connection and its ids, its
 * `bookingUrl` follows by the one rule, and a change of the shop or of the event's Elevent id
 * rebuilds them, for that tenant only.
 */
let payload: Payload
let harbour: Tenant
let other: Tenant
let bare: Tenant
let connectionId: string
let otherConnectionId: string
let eventId: string

const shop = 'https://shop.elevent.test/harbour'
const otherShop = 'https://shop.elevent.test/other'
const future = new Date(Date.now() + 10 * 86_400_000).toISOString()

const tenantNamed = (name: string) =>
  payload.create({
    collection: 'tenants',
    data: { name, slug: `${name}-${randomUUID().slice(0, 8)}` },
  })

const connect = async (tenant: Tenant, shopAddress: string): Promise<string> => {
  const made = await payload.create({
    collection: 'ticketing-connections',
    data: {
      tenant: tenant.id,
      name: 'Elevent shop',
      provider: 'elevent',
      elevent: { shopAddress },
    } as never,
    overrideAccess: true,
  })
  return String(made.id)
}

const eventFor = async (tenant: Tenant, eleventId: string): Promise<string> =>
  String(
    (
      await payload.create({
        collection: 'events',
        overrideAccess: true,
        data: {
          tenant: tenant.id,
          title: 'Peer Gynt',
          _status: 'published',
          elevent: { eventId: eleventId },
        } as never,
      })
    ).id,
  )

const performance = async ({
  tenant,
  event,
  showTimeId,
  system = 'elevent',
  own,
  eventUrlName = 'peer-gynt',
}: {
  tenant: Tenant
  event: string
  showTimeId: string
  system?: 'elevent' | null
  own?: string
  eventUrlName?: string
}): Promise<string> =>
  String(
    (
      await payload.create({
        collection: 'event-instances',
        overrideAccess: true,
        data: {
          tenant: tenant.id,
          event,
          startDate: future,
          ticketingSystem: system,
          elevent: { showTimeId, eventUrlName },
          ...(own ? { booking: { bookingLinkURL: own } } : {}),
        } as never,
      })
    ).id,
  )

const links = async (id: string) => {
  const doc = (await payload.findByID({
    collection: 'event-instances',
    id,
    depth: 0,
    overrideAccess: true,
  })) as EventInstance
  return { ticketingUrl: doc.ticketingUrl ?? null, bookingUrl: doc.bookingUrl ?? null }
}

const ids: Record<string, string> = {}

beforeAll(async () => {
  payload = await getTestPayload()
  harbour = await tenantNamed('elevent-harbour')
  other = await tenantNamed('elevent-other')
  bare = await tenantNamed('elevent-bare')
  connectionId = await connect(harbour, shop)
  otherConnectionId = await connect(other, otherShop)
  eventId = await eventFor(harbour, '8812')
  ids.plain = await performance({ tenant: harbour, event: eventId, showTimeId: '55120' })
  ids.own = await performance({
    tenant: harbour,
    event: eventId,
    showTimeId: '55121',
    own: 'https://our.site.test/book/peer-gynt',
  })
  // No system named, but an Elevent show time and no other system: Elevent's.
  ids.implied = await performance({
    tenant: harbour,
    event: eventId,
    showTimeId: '55122',
    system: null,
  })
  ids.other = await performance({
    tenant: other,
    event: await eventFor(other, '9900'),
    showTimeId: '77001',
  })
  ids.bare = await performance({
    tenant: bare,
    event: await eventFor(bare, '1234'),
    showTimeId: '88001',
  })
})

afterAll(async () => {
  for (const id of [connectionId, otherConnectionId])
    await payload
      .delete({ collection: 'ticketing-connections', id, overrideAccess: true })
      .catch(() => undefined)
})

describe('Elevent booking links', () => {
  it('an Elevent performance answers the built ticketingUrl and bookingUrl', async () => {
    expect(await links(ids.plain!)).toEqual({
      ticketingUrl: `${shop}/peer-gynt/55120`,
      bookingUrl: `${shop}/peer-gynt/55120`,
    })
    expect(await links(ids.implied!)).toEqual({
      ticketingUrl: `${shop}/peer-gynt/55122`,
      bookingUrl: `${shop}/peer-gynt/55122`,
    })
  })

  it("an editor's own link wins", async () => {
    expect(await links(ids.own!)).toEqual({
      ticketingUrl: `${shop}/peer-gynt/55121`,
      bookingUrl: 'https://our.site.test/book/peer-gynt',
    })
  })

  it('a body cannot set an Elevent ticketingUrl of its own', async () => {
    await payload.update({
      collection: 'event-instances',
      id: ids.plain!,
      data: { ticketingUrl: 'https://elsewhere.test/x' } as never,
      overrideAccess: true,
    })
    expect((await links(ids.plain!)).ticketingUrl).toBe(`${shop}/peer-gynt/55120`)
  })

  it('no connection: null', async () => {
    expect(await links(ids.bare!)).toEqual({ ticketingUrl: null, bookingUrl: null })
  })

  it("changing the shop address recomputes the tenant's performances, and only theirs", async () => {
    const moved = 'https://tickets.harbour.test/shop'
    await payload.update({
      collection: 'ticketing-connections',
      id: connectionId,
      data: { elevent: { shopAddress: moved } } as never,
      overrideAccess: true,
    })
    expect(await links(ids.plain!)).toEqual({
      ticketingUrl: `${moved}/peer-gynt/55120`,
      bookingUrl: `${moved}/peer-gynt/55120`,
    })
    expect(await links(ids.own!)).toEqual({
      ticketingUrl: `${moved}/peer-gynt/55121`,
      bookingUrl: 'https://our.site.test/book/peer-gynt',
    })
    expect(await links(ids.other!)).toEqual({
      ticketingUrl: `${otherShop}/peer-gynt/77001`,
      bookingUrl: `${otherShop}/peer-gynt/77001`,
    })
  })

  it("a template with the event id takes the event's, and follows the event's change", async () => {
    await payload.update({
      collection: 'ticketing-connections',
      id: connectionId,
      data: {
        elevent: { shopAddress: shop, linkTemplate: '{shop}/e/{eventId}/{showTimeId}' },
      } as never,
      overrideAccess: true,
    })
    expect(await links(ids.plain!)).toEqual({
      ticketingUrl: `${shop}/e/8812/55120`,
      bookingUrl: `${shop}/e/8812/55120`,
    })
    await payload.update({
      collection: 'events',
      id: eventId,
      data: { elevent: { eventId: '8813' } } as never,
      overrideAccess: true,
    })
    expect(await links(ids.plain!)).toEqual({
      ticketingUrl: `${shop}/e/8813/55120`,
      bookingUrl: `${shop}/e/8813/55120`,
    })
  })

  it('deleting the connection leaves the links null, and other tenants as they were', async () => {
    await payload.delete({
      collection: 'ticketing-connections',
      id: connectionId,
      overrideAccess: true,
    })
    expect(await links(ids.plain!)).toEqual({ ticketingUrl: null, bookingUrl: null })
    expect(await links(ids.own!)).toEqual({
      ticketingUrl: null,
      bookingUrl: 'https://our.site.test/book/peer-gynt',
    })
    expect((await links(ids.other!)).ticketingUrl).toBe(`${otherShop}/peer-gynt/77001`)
  })
})
