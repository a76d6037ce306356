import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Tenant } from '../../src/payload-types'
import { syncContext } from '../../src/plugins/ticketing/defaults'
import { nest } from '../../src/plugins/ticketing/engine/apply'
import { lockedFieldPaths } from '../../src/plugins/ticketing/hooks/lockedPaths'
import { getTestPayload } from '../helpers/payload'

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
