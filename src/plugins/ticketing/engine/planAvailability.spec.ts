import { describe, expect, it } from 'vitest'

import type { LiveStatus } from '../providers/types'
import type { Connection } from '../types'
import { planAvailability, type LiveInstance } from './planAvailability'

const connection: Connection = {
  id: 'c1',
  tenantId: 't1',
  provider: 'spektrix',
  settings: {},
  credentials: {},
  daysAhead: 180,
  importNewEvents: false,
  syncToPublished: true,
  removalLimitPercent: 50,
  availabilityDaysAhead: 14,
}

const instance = (externalId: string, more: Partial<LiveInstance> = {}): LiveInstance => ({
  id: `r-${externalId}`,
  link: {
    kind: 'event-instances',
    externalId,
    localId: `r-${externalId}`,
    sourceHash: `hash-${externalId}`,
    hiddenBySync: false,
  },
  hidden: false,
  values: {
    availability: 'available',
    onSale: true,
    cancelled: false,
    providerStatus: 'isOnSale: true',
  },
  eventId: 'e1',
  ...more,
})

const status = (externalId: string, more: Partial<LiveStatus> = {}): LiveStatus => ({
  externalId,
  cancelled: false,
  onSale: true,
  availability: 'available',
  providerStatus: 'isOnSale: true',
  ...more,
})

describe('the plan of an availability refresh', () => {
  it('writes only the live fields that changed, and keeps the link hash', () => {
    const plan = planAvailability({
      connection,
      instances: [instance('A'), instance('B')],
      statuses: [status('A'), status('B', { availability: 'sold_out', providerStatus: 'gone' })],
    })
    expect(plan.unchanged).toBe(1)
    expect(plan.refreshes).toEqual([])
    expect(plan.steps).toHaveLength(1)
    expect(plan.steps[0]).toMatchObject({
      entry: { action: 'update', recordId: 'r-B' },
      data: { availability: 'sold_out', providerStatus: 'gone' },
      link: { sourceHash: 'hash-B', hiddenBySync: false },
    })
  })

  it('cancels and hides a cancelled performance, and shows it again only if it hid it', () => {
    const cancelled = planAvailability({
      connection,
      instances: [instance('A')],
      statuses: [
        status('A', {
          cancelled: true,
          onSale: false,
          availability: 'cancelled',
          providerStatus: 'cancelled',
        }),
      ],
    })
    expect(cancelled.steps[0]).toMatchObject({
      entry: { action: 'cancel' },
      data: { cancelled: true, onSale: false, availability: 'cancelled', hidden: true },
      link: { hiddenBySync: true },
    })
    const back = (hiddenBySync: boolean) =>
      planAvailability({
        connection,
        instances: [
          instance('A', {
            hidden: true,
            link: { ...instance('A').link, hiddenBySync },
          }),
        ],
        statuses: [status('A')],
      }).steps
    expect(back(true)[0]?.data).toEqual({ hidden: false })
    expect(back(false)).toEqual([])
  })

  it('leaves alone what the provider did not answer for, and ignores answers for others', () => {
    const plan = planAvailability({
      connection,
      instances: [instance('A')],
      statuses: [status('Z', { availability: 'sold_out' })],
    })
    expect(plan).toMatchObject({ steps: [], unchanged: 0 })
  })

  it('writes only paths that are live for the provider', () => {
    const plan = planAvailability({
      connection,
      instances: [instance('A')],
      statuses: [status('A', { fields: { 'lineup.ticketStatus': 'x', ticketingUrl: 'y' } })],
    })
    expect(plan.steps).toEqual([])
  })
})
