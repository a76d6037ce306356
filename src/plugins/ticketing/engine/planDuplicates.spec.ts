import { describe, expect, it } from 'vitest'

import { spektrixEventLink as spektrixCms } from '../providers/spektrix/eventLink'
import type { ProviderInstance } from '../providers/types'
import type { Connection } from '../types'
import { planSync } from './plan'
import type { CmsEvent } from './state'

// the plan trusts the provider module to hand each
// performance once (`seen` serves only the vanishing rule). A catalogue naming one id twice
// (Line-Up's detail answering another performance, see providers/lineup/detailMismatch.spec.ts)
// plans two creates of one box-office performance: two CMS records, one link row (the second
// create's link insert meets the first's), the run half-written.

const connection: Connection = {
  id: 'c',
  tenantId: 't',
  provider: 'spektrix',
  settings: { clientName: 'harbour' },
  credentials: {},
  daysAhead: 30,
  importNewEvents: false,
  syncToPublished: true,
  removalLimitPercent: 50,
  availabilityDaysAhead: 14,
}

const event: CmsEvent = {
  id: 'ev',
  externalIds: ['E'],
  connected: true,
  syncToPublished: true,
  latestIsDraft: false,
  selected: null,
  keywordFilter: null,
  seeds: { title: 'Mine', description: null, image: null },
  values: {},
}

const provided = (start: string): ProviderInstance => ({
  externalId: 'A',
  eventExternalId: 'E',
  start,
  end: null,
  cancelled: false,
  onSale: true,
  availability: 'available',
  ticketingUrl: 'https://x.test/A',
  providerStatus: 'isOnSale: true',
})

describe('one box-office id twice in a catalogue', () => {
  it('plans at most one write per external id', () => {
    const plan = planSync({
      connection,
      cms: spektrixCms,
      now: new Date('2026-09-01T12:00:00Z'),
      window: { from: new Date('2026-09-01T00:00:00Z'), to: new Date('2026-10-01T12:00:00Z') },
      catalogue: {
        events: [],
        instances: [provided('2026-09-10T18:00:00.000Z'), provided('2026-09-11T18:00:00.000Z')],
      },
      events: [event],
      instances: [],
      links: new Map(),
    })
    const creates = plan.steps.filter(
      (s) => s.entry.kind === 'event-instances' && s.entry.externalId === 'A',
    )
    expect(creates.map((s) => s.entry.action)).toEqual(['create'])
  })
})
