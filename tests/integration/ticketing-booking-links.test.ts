import { randomUUID } from 'node:crypto'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { availabilityValues } from '../../src/collections/EventInstances/availability'
import type { Event, EventInstance, Tenant } from '../../src/payload-types'
import { optionDefaults, type TicketingOptions } from '../../src/plugins/ticketing/defaults'
import { executeSync } from '../../src/plugins/ticketing/engine/executeSync'
import { providerPaths } from '../../src/plugins/ticketing/ownership'
import type { Connection, SyncProviderName } from '../../src/plugins/ticketing/types'
import { startApp, waitUntil, type RunningApp } from '../helpers/app'
import {
  lineUpEventJson,
  lineUpPerformanceJson,
  startFakeLineUp,
  type FakeLineUp,
} from '../helpers/fakeLineUp'
import {
  eventJson,
  instanceJson,
  spektrixId,
  startFakeSpektrix,
  type FakeSpektrix,
} from '../helpers/fakeSpektrix'
import {
  performanceJson,
  seasonJson,
  startFakeTessitura,
  type FakeTessitura,
} from '../helpers/fakeTessitura'
import { createKey, partner } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'

/**
 * One booking link per performance, whatever its box office: Spektrix, Tessitura and Line-Up
 * performances synced through the real engine (in-process, against their stand-ins on
 * loopback), an Elevent one entered by hand with its link built from the tenant's shop. A
 * partner reads `bookingUrl` over real HTTP: an editor's own link, else the box office's page,
 * else the event's link, else null; and the OpenAPI document says so.
 */
const slug = `tbl-${randomUUID().slice(0, 6)}`
const day = 86_400_000
const now = Date.now()
const at = (days: number): Date => {
  const d = new Date(now + days * day)
  d.setUTCHours(19, 30, 0, 0)
  return d
}
const shop = 'https://shop.elevent.test/links'
const lineUpKey = 'lu-links-key'

let payload: Payload
let tenant: Tenant
let app: RunningApp
let readKey: string
let writeKey: string
let spektrix: FakeSpektrix
let tessitura: FakeTessitura
let lineUp: FakeLineUp
let eleventConnection: string

/** Each provider's two performances, by their CMS ids: [with the box office's link, another]. */
const perfs: Record<string, [string, string]> = {}
/** The Line-Up performance the box office has no page for. */
let unlinked = ''
let lineUpEvent = ''

const site = () => partner({ origin: app.origin, tenant: slug, key: readKey })
const editor = () => partner({ origin: app.origin, tenant: slug, key: writeKey })

const setOptions = (changes: Partial<TicketingOptions>): void => {
  Object.assign(payload.config.custom.ticketing as TicketingOptions, changes)
}

const sync = async (
  provider: SyncProviderName,
  settings: Connection['settings'],
  credentials: Connection['credentials'],
): Promise<void> => {
  const outcome = await executeSync({
    payload,
    run: {
      runId: randomUUID(),
      connection: {
        id: `c-links-${provider}-${tenant.id}`,
        tenantId: tenant.id,
        provider,
        settings,
        credentials,
        daysAhead: 60,
        importNewEvents: true,
        syncToPublished: true,
        removalLimitPercent: 100,
        availabilityDaysAhead: 14,
      },
      dryRun: false,
      confirmRemovals: false,
      deadline: Date.now() + 60_000,
      heartbeat: async () => undefined,
    },
  })
  expect(outcome, `${provider}: ${outcome.message ?? ''}`).toMatchObject({
    status: 'succeeded',
    errors: [],
  })
}

const instanceOf = async (
  provider: SyncProviderName,
  externalId: string,
): Promise<EventInstance> => {
  const found = await payload.find({
    collection: 'event-instances',
    where: {
      and: [
        { [providerPaths[provider].instanceId]: { equals: externalId } },
        { tenant: { equals: tenant.id } },
      ],
    },
    overrideAccess: true,
    depth: 0,
  })
  expect(found.docs).toHaveLength(1)
  return found.docs[0]!
}

const eventIdOf = (doc: EventInstance): string =>
  String(typeof doc.event === 'object' ? doc.event.id : doc.event)

/**
 * The app is another process: its read cache drops a tenant's answers once it sees the write in
 * the change log, so a read right after a write in this process waits for that.
 */
const readsLink = async (id: string, link: string | null): Promise<void> => {
  const stored = await payload.findByID({ collection: 'event-instances', id, overrideAccess: true })
  expect(stored.bookingUrl ?? null).toBe(link)
  await waitUntil({
    what: `the partner API answers ${link} for ${id}`,
    timeoutMs: 10_000,
    check: async () => (await answered(id)).bookingUrl === link,
  })
}

/** What a partner reads of a performance. */
const answered = async (id: string) => {
  const res = await site().get('event-instances', id)
  expect(res.status).toBe(200)
  return res.body as { bookingUrl: string | null; ticketingUrl: string | null }
}

const setEventLink = (id: string, url: string): Promise<Event> =>
  payload.update({
    collection: 'events',
    id,
    data: { booking: { bookingLinkURL: url }, _status: 'published' },
    overrideAccess: true,
  })

beforeAll(async () => {
  payload = await getTestPayload()
  tenant = await payload.create({ collection: 'tenants', data: { name: slug, slug } })
  readKey = await createKey({ payload, tenants: [tenant], scope: 'read' })
  writeKey = await createKey({ payload, tenants: [tenant], scope: 'write' })

  spektrix = await startFakeSpektrix({ clientName: 'linkstheatre' })
  const show = spektrixId(35100)
  const sIds = [spektrixId(68100), spektrixId(68100)]
  spektrix.state.catalogue.events.push(eventJson({ id: show, name: 'Twelfth Night' }))
  sIds.forEach((id, n) =>
    spektrix.state.catalogue.instances.push(instanceJson({ id, eventId: show, start: at(n + 3) })),
  )

  tessitura = await startFakeTessitura()
  tessitura.catalogue.seasons.push(seasonJson({ id: 7001, description: 'Tosca' }))
  const tIds = [710001, 710002]
  tIds.forEach((id, n) => {
    tessitura.catalogue.performances.push(
      performanceJson({ id, seasonId: 7001, description: 'Tosca', start: at(n + 4) }),
    )
    tessitura.catalogue.zones.set(id, [40, 60])
  })

  lineUp = await startFakeLineUp({
    apiKey: lineUpKey,
    events: [lineUpEventJson({ id: 701, name: 'Ghosts' })],
    performances: [7101, 7102, 7103].map((id, n) => {
      const start = at(n + 5)
      return lineUpPerformanceJson({
        id,
        eventId: 701,
        startDate: start.toISOString().slice(0, 10),
        startTime: start.toISOString().slice(11, 19),
        timeZone: 'UTC',
        // The third has no page at Line-Up.
        ...(id === 7103 ? {} : { ticketUrl: `https://tickets.lineup.test/p/${id}` }),
      })
    }),
  })

  setOptions({ allowedHosts: [spektrix.host, tessitura.host, lineUp.host] })
  await sync('spektrix', { clientName: 'linkstheatre', baseUrl: spektrix.origin }, {})
  await sync(
    'tessitura',
    { baseUrl: tessitura.baseUrl, tnewAddress: 'https://tnew.example.test/events/' },
    { ...tessitura.credentials },
  )
  await sync('lineup', { baseUrl: lineUp.baseUrl }, { apiKey: lineUpKey })
  perfs.spektrix = [
    String((await instanceOf('spektrix', sIds[0]!)).id),
    String((await instanceOf('spektrix', sIds[1]!)).id),
  ]
  perfs.tessitura = [
    String((await instanceOf('tessitura', String(tIds[0]))).id),
    String((await instanceOf('tessitura', String(tIds[1]))).id),
  ]
  perfs.lineup = [
    String((await instanceOf('lineup', '7101')).id),
    String((await instanceOf('lineup', '7102')).id),
  ]
  const third = await instanceOf('lineup', '7103')
  unlinked = String(third.id)
  lineUpEvent = eventIdOf(third)

  eleventConnection = String(
    (
      await payload.create({
        collection: 'ticketing-connections',
        overrideAccess: true,
        data: {
          tenant: tenant.id,
          name: 'Elevent shop',
          provider: 'elevent',
          elevent: { shopAddress: shop },
        } as never,
      })
    ).id,
  )
  const eleventEvent = await payload.create({
    collection: 'events',
    overrideAccess: true,
    data: {
      tenant: tenant.id,
      title: 'A Doll’s House',
      _status: 'published',
      elevent: { eventId: '4410' },
    } as never,
  })
  const elevent = async (showTimeId: string): Promise<string> =>
    String(
      (
        await payload.create({
          collection: 'event-instances',
          overrideAccess: true,
          data: {
            tenant: tenant.id,
            event: eleventEvent.id,
            startDate: at(6).toISOString(),
            ticketingSystem: 'elevent',
            elevent: { showTimeId, eventUrlName: 'dolls-house' },
          } as never,
        })
      ).id,
    )
  perfs.elevent = [await elevent('66001'), await elevent('66002')]
  app = await startApp()
})

afterAll(async () => {
  setOptions({ allowedHosts: optionDefaults.allowedHosts })
  await app?.stop()
  await spektrix?.stop()
  await tessitura?.close()
  await lineUp?.close()
  await payload
    ?.delete({ collection: 'ticketing-connections', id: eleventConnection, overrideAccess: true })
    .catch(() => undefined)
})

const expectedPage: Record<string, (n: number) => string> = {
  spektrix: () => 'https://system.spektrix.com/linkstheatre/website/ChooseSeats.aspx',
  tessitura: (n) => `https://tnew.example.test/events/7001/${710001 + n}`,
  lineup: (n) => `https://tickets.lineup.test/p/${7101 + n}`,
  elevent: (n) => `${shop}/dolls-house/${66001 + n}`,
}

describe('one booking link for every box office', () => {
  it("answers the box office's page as bookingUrl", async () => {
    for (const [provider, [first]] of Object.entries(perfs)) {
      const body = await answered(first)
      expect(body.ticketingUrl, provider).toBeTruthy()
      expect(body.ticketingUrl, provider).toContain(expectedPage[provider]!(0))
      expect(body.bookingUrl, provider).toBe(body.ticketingUrl)
    }
  })

  it("lets an editor's own link win", async () => {
    for (const [provider, [, second]] of Object.entries(perfs)) {
      const own = `https://our.site.test/book/${provider}`
      const res = await editor().update('event-instances', second, {
        booking: { bookingLinkURL: own },
      })
      expect(res.status, `${provider}: ${JSON.stringify(res.body)}`).toBe(200)
      const body = await answered(second)
      expect(body.ticketingUrl, provider).toContain(expectedPage[provider]!(1))
      expect(body.bookingUrl, provider).toBe(own)
    }
  })

  it("answers null with neither, then the event's link, and follows the event's change", async () => {
    expect(await answered(unlinked)).toMatchObject({ ticketingUrl: null, bookingUrl: null })
    await setEventLink(lineUpEvent, 'https://our.site.test/ghosts')
    await readsLink(unlinked, 'https://our.site.test/ghosts')
    // The event's siblings keep the box office's page and the editor's own link.
    expect((await answered(perfs.lineup![0])).bookingUrl).toBe(expectedPage.lineup!(0))
    expect((await answered(perfs.lineup![1])).bookingUrl).toBe('https://our.site.test/book/lineup')
    await setEventLink(lineUpEvent, 'https://our.site.test/ghosts-extended')
    await readsLink(unlinked, 'https://our.site.test/ghosts-extended')
    await setEventLink(lineUpEvent, '')
    await readsLink(unlinked, null)
  })

  it("falls back to the box office's page when the editor's link is removed", async () => {
    for (const [provider, [, second]] of Object.entries(perfs)) {
      const res = await editor().update('event-instances', second, {
        booking: { bookingLinkURL: '' },
      })
      expect(res.status, provider).toBe(200)
      expect((await answered(second)).bookingUrl, provider).toContain(expectedPage[provider]!(1))
    }
  })

  it('is kept by the next sync: a rerun writes nothing', async () => {
    const again = await executeSync({
      payload,
      run: {
        runId: randomUUID(),
        connection: {
          id: `c-links-lineup-${tenant.id}`,
          tenantId: tenant.id,
          provider: 'lineup',
          settings: { baseUrl: lineUp.baseUrl },
          credentials: { apiKey: lineUpKey },
          daysAhead: 60,
          importNewEvents: true,
          syncToPublished: true,
          removalLimitPercent: 100,
          availabilityDaysAhead: 14,
        },
        dryRun: false,
        confirmRemovals: false,
        deadline: Date.now() + 60_000,
        heartbeat: async () => undefined,
      },
    })
    expect(again.counts).toMatchObject({ created: 0, updated: 0, failed: 0 })
  })

  it("takes a Line-Up connection's template as the box office's page, before the event's link", async () => {
    await setEventLink(lineUpEvent, 'https://our.site.test/ghosts')
    await readsLink(unlinked, 'https://our.site.test/ghosts')
    await sync(
      'lineup',
      {
        baseUrl: lineUp.baseUrl,
        bookingLinkTemplate: 'https://book.lineup.test/{eventId}/{performanceId}',
      },
      { apiKey: lineUpKey },
    )
    await readsLink(unlinked, 'https://book.lineup.test/701/7103')
    await readsLink(perfs.lineup![0], 'https://book.lineup.test/701/7101')
  })
})

describe("the partner API's OpenAPI document", () => {
  it('describes bookingUrl, providerStatus and the availability vocabulary', async () => {
    const res = await fetch(`${app.origin}/api/partners/2025-07/openapi`)
    expect(res.status).toBe(200)
    type Schema = {
      properties?: Record<string, { description?: string; enum?: unknown[]; readOnly?: boolean }>
    }
    const schemas = ((await res.json()) as { components: { schemas: Record<string, Schema> } })
      .components.schemas
    const { bookingUrl, providerStatus, availability } = schemas.EventInstance?.properties ?? {}
    expect(bookingUrl?.description).toMatch(/own booking link.*box office.*event/s)
    expect(providerStatus?.description).toMatch(/box office's own words/)
    // A partner's write cannot set them: answered, and ignored when sent.
    for (const name of ['EventInstanceCreate', 'EventInstanceUpdate'])
      for (const field of ['bookingUrl', 'providerStatus'])
        expect(schemas[name]?.properties?.[field], `${name}.${field}`).toMatchObject({
          readOnly: true,
        })
    expect([...(availability?.enum ?? [])].filter((v) => v !== null).sort()).toEqual(
      [...availabilityValues].sort(),
    )
    expect(availability?.description).toMatch(/past is not stored/)
  })
})
