import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Tenant } from '../../src/payload-types'
import { syncContext } from '../../src/plugins/ticketing/defaults'
import { nest } from '../../src/plugins/ticketing/engine/apply'
import { lockedFieldPaths } from '../../src/plugins/ticketing/hooks/lockedPaths'
import {
  eventJson,
  instanceJson,
  spektrixId,
  startFakeSpektrix,
  statusJson,
  type FakeSpektrix,
} from '../helpers/fakeSpektrix'
import { getTestPayload } from '../helpers/payload'
import { describeProviderSync } from '../helpers/providerSyncCases'

/**
 * The engine's provider-neutral writes, in-process against the test database: a partial write
 * of a nested provider group keeps the group's other values, and the locks name nested paths.
 */
let payload: Payload
let tenant: Tenant

beforeAll(async () => {
  payload = await getTestPayload()
  tenant = await payload.create({
    collection: 'tenants',
    data: { name: 'Ticketing Engine', slug: 'te-harbour' },
  })
})

describe('a nested provider group', () => {
  it('keeps its other values when a sync writes one of them', async () => {
    const event = await payload.create({
      collection: 'events',
      overrideAccess: true,
      data: {
        tenant: tenant.id,
        title: 'Line-Up night',
        _status: 'published',
        lineup: { eventId: 'L1', syncConnected: true, syncToPublished: true },
      } as never,
    })
    const instance = await payload.create({
      collection: 'event-instances',
      overrideAccess: true,
      context: { ...syncContext },
      data: {
        tenant: tenant.id,
        event: event.id,
        startDate: new Date(Date.now() + 5 * 86_400_000).toISOString(),
        ticketingSystem: 'lineup',
        ticketingSystemId: 'T1',
        ...nest({
          'lineup.ticketId': 'T1',
          'lineup.eventId': 'L1',
          'lineup.availability.quantityAvailable': 5,
          'lineup.availability.quantitySold': 2,
          'lineup.pricing.price': 12.5,
        }),
      } as never,
    })
    // As `apply.ts` writes a plan's step: only the changed path, nested.
    await payload.update({
      collection: 'event-instances',
      id: instance.id,
      overrideAccess: true,
      context: { ...syncContext },
      data: nest({ 'lineup.availability.quantityAvailable': 4 }) as never,
    })
    const stored = (await payload.findByID({
      collection: 'event-instances',
      id: instance.id,
      overrideAccess: true,
      depth: 0,
    })) as unknown as { lineup: Record<string, Record<string, unknown> | unknown> }
    expect(stored.lineup).toMatchObject({
      ticketId: 'T1',
      eventId: 'L1',
      availability: { quantityAvailable: 4, quantitySold: 2 },
      pricing: { price: 12.5 },
    })
  })
})

describe('the locks of every provider', () => {
  it("lock a connected Line-Up performance's nested fields", () => {
    const locked = lockedFieldPaths({
      kind: 'event-instances',
      record: { ticketingSystem: 'lineup', lineup: { ticketId: 'T1' } },
      event: { lineup: { syncConnected: true } },
    })
    expect(locked.provider).toBe('lineup')
    expect(locked.paths).toContain('lineup.availability.quantitySold')
    // Found by its own id path (`lineup.ticketId`), not a Spektrix-shaped `instanceId`.
    expect(
      lockedFieldPaths({
        kind: 'event-instances',
        record: { ticketingSystem: 'lineup', lineup: { instanceId: 'T1' } },
        event: { lineup: { syncConnected: true } },
      }).paths,
    ).toEqual([])
  })

  it("lock a connected Tessitura event's season ids", () => {
    const locked = lockedFieldPaths({
      kind: 'events',
      record: { tessitura: { syncConnected: true, productionSeasonIds: '101, 102' } },
    })
    expect(locked).toEqual({ provider: 'tessitura', paths: ['tessitura.productionSeasonIds'] })
    expect(
      lockedFieldPaths({
        kind: 'event-instances',
        record: { ticketingSystem: 'tessitura', tessitura: { performanceId: 'P1' } },
        event: { tessitura: { syncConnected: true } },
      }).paths,
    ).toContain('tessitura.availability')
  })
})

const bare = (utc: Date): string => utc.toISOString().slice(0, 19)
const instanceOf = (fake: FakeSpektrix, id: string) =>
  fake.state.catalogue.instances.find((i) => i.id === id)!

describeProviderSync<FakeSpektrix>({
  provider: 'spektrix',
  startFake: () => startFakeSpektrix({ clientName: 'casestheatre' }),
  connection: ({ baseUrl }) => ({
    settings: { clientName: 'casestheatre', baseUrl },
    credentials: {},
  }),
  addEvent: ({ fake, title, starts }) => {
    const eventId = spektrixId(35000)
    fake.state.catalogue.events.push(eventJson({ id: eventId, name: title }))
    const instanceIds = starts.map((start) => {
      const id = spektrixId(68000)
      fake.state.catalogue.instances.push(instanceJson({ id, eventId, start }))
      return id
    })
    return { eventId, instanceIds }
  },
  cancel: ({ fake, id }) => {
    Object.assign(instanceOf(fake, id), { cancelled: true, isOnSale: false })
  },
  remove: ({ fake, id }) => {
    const { instances } = fake.state.catalogue
    instances.splice(instances.indexOf(instanceOf(fake, id)), 1)
  },
  move: ({ fake, id, start }) => {
    const local = new Date(start.getTime() + 3_600_000)
    Object.assign(instanceOf(fake, id), { startUtc: bare(start), start: bare(local) })
  },
  sellOut: ({ fake, id }) => {
    fake.state.catalogue.statuses.set(id, statusJson({ available: 0 }))
  },
  expectedFields: ({ fake, id }) => ({
    'spektrix.instanceId': id,
    'spektrix.eventId': instanceOf(fake, id).event.id,
  }),
})
