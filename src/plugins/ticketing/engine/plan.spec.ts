import { describe, expect, it } from 'vitest'

import { spektrixEventLink as spektrixCms } from '../providers/spektrix/eventLink'
import type { ProviderInstance } from '../providers/types'
import type { Connection } from '../types'
import { linkKey, type Link } from './links'
import { inEventOrder, instanceValues, planSync, removalsOf, sameValue, type Step } from './plan'
import { sourceHash } from './sourceHash'
import type { CmsEvent, CmsInstance } from './state'

const now = new Date('2026-09-01T12:00:00Z')
const window = { from: new Date('2026-09-01T00:00:00Z'), to: new Date('2026-10-01T12:00:00Z') }
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

const provided = (
  id: string,
  start: string,
  more: Partial<ProviderInstance> = {},
): ProviderInstance => ({
  externalId: id,
  eventExternalId: 'E',
  start,
  end: null,
  cancelled: false,
  onSale: true,
  availability: 'available' as const,
  ticketingUrl: `https://x.test/${id}`,
  providerStatus: 'isOnSale: true',
  ...more,
})

const event = (more: Partial<CmsEvent> = {}): CmsEvent => ({
  id: 'ev',
  externalIds: ['E'],
  connected: true,
  syncToPublished: true,
  latestIsDraft: false,
  selected: null,
  keywordFilter: null,
  seeds: { title: 'Mine', description: null, image: null },
  values: {},
  ...more,
})

/** A CMS performance the sync wrote from `instance`, with its link. */
const synced = (instance: ProviderInstance, more: Partial<CmsInstance> = {}) => {
  const values = instanceValues({ connection, instance, eventId: 'ev' })
  const cms: CmsInstance = {
    id: `cms-${instance.externalId}`,
    eventId: 'ev',
    externalId: instance.externalId,
    start: instance.start,
    hidden: false,
    values,
    ...more,
  }
  const link: Link = {
    kind: 'event-instances',
    externalId: instance.externalId,
    localId: cms.id,
    sourceHash: sourceHash({ kind: 'event-instances', instance }),
    hiddenBySync: false,
  }
  return { cms, link }
}

const plan = ({
  instances,
  cms,
  events = [event()],
}: {
  instances: ProviderInstance[]
  cms: { cms: CmsInstance; link: Link }[]
  events?: CmsEvent[]
}) =>
  planSync({
    connection,
    cms: spektrixCms,
    now,
    window,
    catalogue: { events: [], instances },
    events,
    instances: cms.map((c) => c.cms),
    links: new Map(cms.map((c) => [linkKey('event-instances', c.link.externalId), c.link])),
  })

describe('planSync', () => {
  const a = provided('A', '2026-09-10T18:00:00.000Z')
  const b = provided('B', '2026-09-11T18:00:00.000Z')

  it('writes nothing for what it synced from the same data', () => {
    const result = plan({ instances: [a, b], cms: [synced(a), synced(b)] })
    expect(result.steps).toEqual([])
    expect(result.unchanged).toBe(2)
  })

  it('overwrites provider-owned fields that changed, and only those', () => {
    const moved = { ...a, start: '2026-09-10T17:00:00.000Z' }
    const result = plan({ instances: [moved], cms: [synced(a)] })
    expect(result.steps.map((s) => s.entry)).toEqual([
      expect.objectContaining({
        action: 'update',
        recordId: 'cms-A',
        changes: [
          { field: 'startDate', from: '2026-09-10T18:00:00.000Z', to: '2026-09-10T17:00:00.000Z' },
        ],
      }),
    ])
  })

  it('puts back box-office values changed in the CMS although the source is the same', () => {
    const drifted = synced(a)
    drifted.cms.values = { ...drifted.cms.values, availability: 'sold_out', onSale: false }
    const result = plan({ instances: [a, b], cms: [drifted, synced(b)] })
    expect(result.steps.map((s) => s.entry)).toEqual([
      expect.objectContaining({
        action: 'update',
        recordId: 'cms-A',
        changes: [
          { field: 'availability', from: 'sold_out', to: 'available' },
          { field: 'onSale', from: false, to: true },
        ],
      }),
    ])
    expect(result.unchanged).toBe(1)
  })

  it('moves a linked performance back under its event, wherever it was moved', () => {
    const moved = synced(a, { eventId: 'elsewhere' })
    moved.cms.values = { ...moved.cms.values, event: 'elsewhere' }
    const result = plan({ instances: [a], cms: [moved] })
    expect(result.steps.map((s) => [s.entry.action, s.entry.recordId, s.data])).toEqual([
      ['update', 'cms-A', { event: 'ev' }],
    ])
  })

  it('hides a vanished future performance, never a past one or one outside the window', () => {
    const past = provided('P', '2026-09-01T10:00:00.000Z')
    const later = provided('L', '2026-11-01T18:00:00.000Z')
    const result = plan({
      instances: [a],
      cms: [synced(a), synced(b), synced(past), synced(later)],
    })
    expect(result.steps.map((s) => [s.entry.action, s.entry.externalId])).toEqual([['remove', 'B']])
    expect(result.knownFuture).toBe(2)
    expect(removalsOf(result)).toBe(1)
  })

  it("ignores a `selected` event's unlisted performances", () => {
    const result = plan({
      instances: [a, b],
      cms: [synced(a)],
      events: [event({ selected: new Set(['A']) })],
    })
    expect(result.steps).toEqual([])
  })

  it('never shows again what an editor hid, but shows what it hid itself', () => {
    const cancelled = { ...a, cancelled: true, onSale: false, availability: 'cancelled' as const }
    const editorHid = synced(cancelled, { hidden: true })
    const back = plan({ instances: [a], cms: [editorHid] })
    expect(back.steps[0]?.entry.changes.find((c) => c.field === 'hidden')).toBeUndefined()
    const syncHid = synced(cancelled, { hidden: true })
    syncHid.link.hiddenBySync = true
    const shown = plan({ instances: [a], cms: [syncHid] })
    expect(shown.steps[0]?.entry.changes).toContainEqual({ field: 'hidden', from: true, to: false })
  })

  it('cancels: cancelled, availability cancelled, hidden', () => {
    const cancelled = { ...a, cancelled: true, onSale: false, availability: 'cancelled' as const }
    const result = plan({ instances: [cancelled], cms: [synced(a)] })
    expect(result.steps[0]?.entry.action).toBe('cancel')
    expect(result.steps[0]?.data).toMatchObject({
      cancelled: true,
      availability: 'cancelled',
      onSale: false,
      hidden: true,
    })
    expect(result.steps[0]?.link.hiddenBySync).toBe(true)
  })

  it('fills seed fields only while empty', () => {
    const result = planSync({
      connection,
      cms: spektrixCms,
      now,
      window,
      catalogue: {
        events: [
          {
            externalId: 'E',
            title: 'Theirs',
            description: 'Text',
            durationMinutes: 60,
            image: null,
          },
        ],
        instances: [],
      },
      events: [event()],
      instances: [],
      links: new Map(),
    })
    expect(result.steps[0]?.entry.changes.map((c) => c.field)).toEqual(['description'])
    expect(result.steps[0]?.draft).toBe(false)
    const pending = planSync({
      connection,
      cms: spektrixCms,
      now,
      window,
      catalogue: {
        events: [
          {
            externalId: 'E',
            title: 'Theirs',
            description: 'Text',
            durationMinutes: 60,
            image: null,
          },
        ],
        instances: [],
      },
      events: [event({ latestIsDraft: true })],
      instances: [],
      links: new Map(),
    })
    // An editor's pending draft is not published with the sync's change.
    expect(pending.steps[0]?.draft).toBe(true)
  })

  it('imports unknown events only when asked', () => {
    const args = {
      cms: spektrixCms,
      now,
      window,
      catalogue: {
        events: [
          { externalId: 'N', title: 'New', description: '', durationMinutes: null, image: null },
        ],
        instances: [provided('N1', '2026-09-10T18:00:00.000Z', { eventExternalId: 'N' })],
      },
      events: [],
      instances: [],
      links: new Map(),
    }
    expect(planSync({ ...args, connection }).steps).toEqual([])
    const imported = planSync({
      ...args,
      connection: { ...connection, importNewEvents: true, syncToPublished: false },
    })
    expect(imported.steps.map((s) => [s.entry.action, s.entry.kind, s.draft])).toEqual([
      ['create', 'events', true],
      ['create', 'event-instances', false],
    ])
    // A performance of an event whose changes wait for an editor is created hidden.
    expect(imported.steps[1]?.data.hidden).toBe(true)
  })
})

describe('planSync across providers', () => {
  const season = (id: string, title: string) => ({
    externalId: id,
    title,
    description: '',
    durationMinutes: null,
    image: null,
  })

  it('maps every id of a multi-id event to it, and seeds it from the first id only', () => {
    const tessitura: Connection = { ...connection, provider: 'tessitura' }
    const result = planSync({
      connection: tessitura,
      cms: spektrixCms,
      now,
      window,
      catalogue: {
        events: [season('S2', 'Second'), season('S1', 'First')],
        instances: [provided('P', '2026-09-10T18:00:00.000Z', { eventExternalId: 'S2' })],
      },
      events: [event({ externalIds: ['S1', 'S2'], seeds: { title: null, description: null } })],
      instances: [],
      links: new Map(),
    })
    expect(result.steps.map((s) => [s.entry.kind, s.entry.externalId, s.entry.action])).toEqual([
      ['events', 'S1', 'update'],
      ['event-instances', 'P', 'create'],
    ])
    expect(result.steps[0]?.data).toEqual({ title: 'First' })
    // The second season's event only refreshes its link.
    expect(result.refreshes.map((s) => s.entry.externalId)).toEqual(['S2'])
    expect(result.steps[1]?.data).toMatchObject({
      event: 'ev',
      'tessitura.performanceId': 'P',
      'tessitura.productionSeasonId': 'S2',
      providerStatus: 'isOnSale: true',
    })
  })

  it("compares an event's and a performance's provider fields by the ownership map", () => {
    const lineup: Connection = { ...connection, provider: 'lineup' }
    const instance = provided('T', '2026-09-10T18:00:00.000Z', {
      fields: { 'lineup.availability.quantitySold': 3 },
    })
    const result = planSync({
      connection: lineup,
      cms: spektrixCms,
      now,
      window,
      catalogue: {
        events: [
          {
            ...season('E', 'Theirs'),
            fields: { 'lineup.eventName': 'Theirs', 'lineup.eventType': 'Concert' },
          },
        ],
        instances: [instance],
      },
      events: [
        event({
          seeds: { title: 'Mine', description: null, image: null, 'lineup.eventType': 'Gig' },
          values: { 'lineup.eventName': 'Old' },
        }),
      ],
      instances: [
        {
          id: 'cms-T',
          eventId: 'ev',
          externalId: 'T',
          start: instance.start,
          hidden: false,
          values: {
            ...instanceValues({ connection: lineup, instance, eventId: 'ev' }),
            'lineup.availability.quantitySold': 2,
          },
        },
      ],
      links: new Map(),
    })
    // A provider field is overwritten; a seed (`lineup.eventType`) only filled while empty.
    expect(result.steps[0]?.data).toEqual({ 'lineup.eventName': 'Theirs' })
    expect(result.steps[1]?.data).toEqual({ 'lineup.availability.quantitySold': 3 })
  })

  it('refuses a field the ownership map does not list', () => {
    expect(() =>
      plan({
        instances: [provided('A', '2026-09-10T18:00:00.000Z', { fields: { 'lineup.x': 1 } })],
        cms: [],
      }),
    ).toThrow(/ownership.ts does not say/)
  })

  it("imports a new event with the provider's own link group", () => {
    const result = planSync({
      connection: { ...connection, importNewEvents: true },
      cms: spektrixCms,
      now,
      window,
      catalogue: { events: [season('N', 'New')], instances: [] },
      events: [],
      instances: [],
      links: new Map(),
    })
    expect(result.steps[0]?.data).toMatchObject({
      'spektrix.eventId': 'N',
      'spektrix.syncConnected': true,
      'spektrix.eventSyncType': 'all',
    })
  })
})

describe('inEventOrder', () => {
  const step = (externalId: string, more: Partial<Step>): Step => ({
    entry: { action: 'update', kind: 'event-instances', externalId, changes: [] },
    data: {},
    draft: false,
    link: { sourceHash: externalId, hiddenBySync: false },
    ...more,
  })

  it('puts performances by their event in the CMS, then by their own id, creates last', () => {
    const record = (externalId: string, eventId: string, recordId: string): Step => {
      const made = step(externalId, { eventId })
      return { ...made, entry: { ...made.entry, recordId } }
    }
    const steps = [
      record('1', 'ev-b', 'r-2'),
      step('2', { eventExternalId: 'NEW' }),
      record('3', 'ev-a', 'r-9'),
      step('4', { eventId: 'ev-b' }),
      record('5', 'ev-b', 'r-1'),
      step('6', { eventId: 'ev-b' }),
      record('7', 'ev-a', 'r-3'),
    ]
    const ordered = inEventOrder({ steps, eventIds: new Map([['NEW', 'ev-c']]) })
    expect(ordered.map((s) => s.entry.externalId)).toEqual(['7', '3', '5', '1', '4', '6', '2'])
  })

  it('knows the event of every performance planSync updates or hides', () => {
    const moved = { ...provided('A', '2026-09-10T18:00:00.000Z'), start: '2026-09-12T18:00:00Z' }
    const vanished = provided('V', '2026-09-20T18:00:00.000Z')
    const result = plan({
      instances: [moved],
      cms: [synced(provided('A', '2026-09-10T18:00:00.000Z')), synced(vanished)],
    })
    expect(result.steps.map((s) => [s.entry.action, s.eventId])).toEqual([
      ['update', 'ev'],
      ['remove', 'ev'],
    ])
  })
})

describe('sameValue', () => {
  it('compares instants by their time, and empty as none', () => {
    expect(sameValue('2026-09-10T18:00:00.000Z', '2026-09-10T19:00:00+01:00')).toBe(true)
    expect(sameValue('', null)).toBe(true)
    expect(sameValue(undefined, null)).toBe(true)
    expect(sameValue(false, null)).toBe(false)
    expect(sameValue('limited', 'available')).toBe(false)
  })
})
