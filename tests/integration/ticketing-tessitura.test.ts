import { randomUUID } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { postgresOf } from '../../src/db/postgres'
import type { Tenant } from '../../src/payload-types'
import { optionDefaults, type TicketingOptions } from '../../src/plugins/ticketing/defaults'
import { executeSync } from '../../src/plugins/ticketing/engine/executeSync'
import type { Connection, RunOutcome } from '../../src/plugins/ticketing/types'
import { startApp, type RunningApp } from '../helpers/app'
import {
  performanceJson,
  seasonJson,
  startFakeTessitura,
  type FakeTessitura,
} from '../helpers/fakeTessitura'
import { createKey, partner } from '../helpers/partner'
import { getTestPayload } from '../helpers/payload'
import { describeProviderSync } from '../helpers/providerSyncCases'

/**
 * Tessitura end to end: the shared sync cases against the stand-in, then what only Tessitura
 * has (an event over several production seasons, selected performances, the keyword filter,
 * TNEW links, zones), in-process through `executeSync`, with a partner's view over real HTTP.
 */
type Doc = Record<string, unknown>

const day = 86_400_000
const at = (days: number, hour = 19): Date => {
  const d = new Date(Date.now() + days * day)
  d.setUTCHours(hour, 30, 0, 0)
  return d
}

let nextSeason = 6000
let nextPerformance = 800_000

describeProviderSync<FakeTessitura>({
  provider: 'tessitura',
  startFake: () => startFakeTessitura(),
  connection: ({ fake, baseUrl }) => ({
    settings: { baseUrl: `${baseUrl}/TessituraService/`, tnewAddress: 'https://tnew.example.org' },
    credentials: { ...fake.credentials },
  }),
  addEvent: ({ fake, title, starts }) => {
    const seasonId = nextSeason++
    fake.catalogue.seasons.push(seasonJson({ id: seasonId, description: title }))
    const instanceIds = starts.map((start) => {
      const id = nextPerformance++
      fake.catalogue.performances.push(performanceJson({ id, seasonId, description: title, start }))
      fake.catalogue.zones.set(id, [40, 60])
      return String(id)
    })
    return { eventId: String(seasonId), instanceIds }
  },
  cancel: ({ fake, id }) => fake.cancel(Number(id)),
  remove: ({ fake, id }) => fake.remove(Number(id)),
  move: ({ fake, id, start }) => fake.change(Number(id), { PerformanceDate: start.toISOString() }),
  sellOut: ({ fake, id }) => fake.sellOut(Number(id)),
  expectedFields: ({ fake, id }) => {
    const performance = fake.catalogue.performances.find((p) => String(p.PerformanceId) === id)!
    const seasonId = String(performance.ProductionSeason.Id)
    return {
      'tessitura.performanceId': id,
      'tessitura.productionSeasonId': seasonId,
      ticketingUrl: `https://tnew.example.org/${seasonId}/${id}`,
      'tessitura.availability': 'On Sale · Y · 100 left',
    }
  },
})

describe('Tessitura through the engine', () => {
  let payload: Payload
  let fake: FakeTessitura
  let tenant: Tenant
  let app: RunningApp
  let readKey: string
  const slug = `tt-opera-${randomUUID().slice(0, 6)}`
  const tnew = 'https://tickets.example.org/events/'
  const events: Record<string, string> = {}

  const site = () => partner({ origin: app.origin, tenant: slug, key: readKey })
  const setOptions = (changes: Partial<TicketingOptions>): void => {
    Object.assign(payload.config.custom.ticketing as TicketingOptions, changes)
  }
  const connection = (change: Partial<Connection> = {}): Connection => ({
    id: `c-tessitura-${tenant.id}`,
    tenantId: tenant.id,
    provider: 'tessitura',
    settings: { baseUrl: fake.baseUrl, tnewAddress: tnew },
    credentials: { ...fake.credentials },
    daysAhead: 60,
    importNewEvents: false,
    syncToPublished: true,
    removalLimitPercent: 100,
    availabilityDaysAhead: 14,
    ...change,
  })
  const sync = (change: Partial<Connection> = {}): Promise<RunOutcome> =>
    executeSync({
      payload,
      run: {
        runId: randomUUID(),
        connection: connection(change),
        dryRun: false,
        confirmRemovals: false,
        deadline: Date.now() + 30_000,
        heartbeat: async () => undefined,
      },
    })
  const instances = async (): Promise<Doc[]> =>
    (
      await payload.find({
        collection: 'event-instances',
        where: { tenant: { equals: tenant.id } },
        overrideAccess: true,
        pagination: false,
        depth: 0,
        sort: 'startDate',
      })
    ).docs as unknown as Doc[]
  const instanceBy = async (performanceId: number): Promise<Doc> => {
    const found = (await instances()).filter(
      (d) => (d.tessitura as Doc | undefined)?.performanceId === String(performanceId),
    )
    expect(found).toHaveLength(1)
    return found[0]!
  }
  const eventOf = (doc: Doc): string => String(doc.event)
  const addPerformance = (args: { id: number; seasonId: number; start: Date }) => {
    fake.catalogue.performances.push(performanceJson({ ...args, description: 'Opera' }))
    fake.catalogue.zones.set(args.id, [40, 60])
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    tenant = await payload.create({ collection: 'tenants', data: { name: slug, slug } })
    readKey = await createKey({ payload, tenants: [tenant], scope: 'read' })
    fake = await startFakeTessitura()
    setOptions({ allowedHosts: [fake.host] })
    const c = fake.catalogue
    c.seasons.push(
      seasonJson({ id: 7001, description: 'Tosca' }),
      seasonJson({ id: 7002, description: 'Tosca, the revival' }),
      seasonJson({ id: 7003, description: 'Carmen' }),
      seasonJson({ id: 7004, description: 'Rigoletto' }),
      seasonJson({ id: 7005, description: 'Nobody links me' }),
    )
    addPerformance({ id: 900_001, seasonId: 7001, start: at(3) })
    addPerformance({ id: 900_002, seasonId: 7001, start: at(4) })
    addPerformance({ id: 900_011, seasonId: 7002, start: at(30) })
    addPerformance({ id: 900_012, seasonId: 7002, start: at(31) })
    addPerformance({ id: 900_021, seasonId: 7003, start: at(5) })
    addPerformance({ id: 900_022, seasonId: 7003, start: at(6) })
    addPerformance({ id: 900_031, seasonId: 7004, start: at(7) })
    addPerformance({ id: 900_032, seasonId: 7004, start: at(8) })
    addPerformance({ id: 900_033, seasonId: 7004, start: at(9) })
    addPerformance({ id: 900_051, seasonId: 7005, start: at(10) })
    c.keywords.set(900_021, [
      { Id: 7, Description: 'Opera' },
      { Id: 8, Description: 'Family' },
    ])
    c.keywords.set(900_022, [{ Id: 9, Description: 'Gala' }])
    const linked = async (title: string, group: Doc): Promise<string> =>
      String(
        (
          await payload.create({
            collection: 'events',
            overrideAccess: true,
            data: {
              tenant: tenant.id,
              title,
              _status: 'published',
              tessitura: { syncConnected: true, syncToPublished: true, ...group },
            } as never,
          })
        ).id,
      )
    events.tosca = await linked('Untitled', { productionSeasonIds: '7001, 7002' })
    // A title left empty (as older data has it; the admin refuses one): the sync seeds it,
    // from the first season named.
    const db = postgresOf(payload).drizzle
    await db.execute(sql`update events set title = null where id = ${events.tosca}`)
    await db.execute(
      sql`update _events_v set version_title = null where parent_id = ${events.tosca}`,
    )
    events.carmen = await linked('Carmen', { productionSeasonIds: '[7003]', keywords: 'opera' })
    events.rigoletto = await linked('Rigoletto', {
      productionSeasonIds: '7004',
      performanceSyncType: 'selected',
      productionPerformances: JSON.stringify({ '7004': [900_031, '900033'], '7001': [900_032] }),
    })
    app = await startApp({ env: { TICKETING_ALLOWED_HOSTS: fake.host } })
  })

  afterAll(async () => {
    setOptions({ allowedHosts: optionDefaults.allowedHosts })
    await app?.stop()
    await fake?.close()
  })

  it("imports both seasons' performances under one event, seeded from the first", async () => {
    const outcome = await sync()
    expect(outcome).toMatchObject({ status: 'succeeded', errors: [] })
    const docs = await instances()
    const of = (event: string) =>
      docs
        .filter((d) => eventOf(d) === event)
        .map((d) => (d.tessitura as Doc).performanceId)
        .sort()
    expect(of(events.tosca!)).toEqual(['900001', '900002', '900011', '900012'])
    expect((await instanceBy(900_011)).tessitura).toMatchObject({ productionSeasonId: '7002' })
    const tosca = await payload.findByID({
      collection: 'events',
      id: events.tosca!,
      draft: true,
      overrideAccess: true,
      depth: 0,
    })
    expect(tosca.title).toBe('Tosca')
    // A season no event links is never asked for when the connection imports nothing new.
    expect(docs.some((d) => (d.tessitura as Doc).performanceId === '900051')).toBe(false)
    for (const search of fake.requests.filter((r) => r.path === 'Performances/Search'))
      expect(
        String((search.body as Doc).ProductionSeasonIds)
          .split(',')
          .sort(),
      ).toEqual(['7001', '7002', '7003', '7004'])
  })

  it('keeps only the selected performances of a selected event', async () => {
    const docs = (await instances()).filter((d) => eventOf(d) === events.rigoletto)
    expect(docs.map((d) => (d.tessitura as Doc).performanceId).sort()).toEqual(['900031', '900033'])
  })

  it("keeps only the performances the event's keywords match, findable by their keywords", async () => {
    const docs = (await instances()).filter((d) => eventOf(d) === events.carmen)
    expect(docs.map((d) => (d.tessitura as Doc).performanceId)).toEqual(['900021'])
    const found = await site().list(
      'event-instances',
      `?where[tessitura.keywords][like]=family&limit=50`,
    )
    expect(found.status).toBe(200)
    expect(found.body.docs?.map((d) => d.id)).toEqual([docs[0]!.id])
    expect(found.body.docs?.[0]).toMatchObject({ tessitura: { keywords: 'Family, Opera' } })
    const none = await site().list('event-instances', `?where[tessitura.keywords][like]=gala`)
    expect(none.body.docs).toEqual([])
  })

  it('answers the TNEW page as ticketingUrl and bookingUrl; an editor’s own link wins', async () => {
    const doc = await instanceBy(900_021)
    const page = 'https://tickets.example.org/events/7003/900021'
    expect((await site().get('event-instances', String(doc.id))).body).toMatchObject({
      ticketingUrl: page,
      bookingUrl: page,
      providerStatus: 'On Sale · Y · 100 left',
      availability: 'available',
    })
    await payload.update({
      collection: 'event-instances',
      id: String(doc.id),
      overrideAccess: true,
      data: { booking: { bookingLinkURL: 'https://opera.example.org/carmen-gala' } } as never,
    })
    const again = await sync()
    expect(again.counts).toMatchObject({ created: 0, updated: 0, failed: 0 })
    expect((await site().get('event-instances', String(doc.id))).body).toMatchObject({
      ticketingUrl: page,
      bookingUrl: 'https://opera.example.org/carmen-gala',
    })
  })

  it('says sold out when the zones sum to 0', async () => {
    fake.sellOut(900_001)
    const outcome = await sync()
    expect(outcome.counts).toMatchObject({ updated: 1, failed: 0 })
    const doc = await instanceBy(900_001)
    expect(doc).toMatchObject({
      availability: 'sold_out',
      providerStatus: 'On Sale · Y · 0 left',
      tessitura: { availability: 'On Sale · Y · 0 left' },
    })
    expect((await site().get('event-instances', String(doc.id))).body).toMatchObject({
      availability: 'sold_out',
      providerStatus: 'On Sale · Y · 0 left',
    })
  })

  it('fails the run and writes nothing when the zones fail', async () => {
    const before = await instances()
    fake.change(900_002, { PerformanceDate: at(12).toISOString() })
    fake.sellOut(900_031)
    for (const how of ['malformed', 500] as const) {
      fake.fail('Zones', how)
      const outcome = await sync()
      expect(outcome.status).toBe('failed')
      expect(outcome.message).toMatch(/Nothing was changed/)
      expect(await instances()).toEqual(before)
    }
    fake.fail('Zones', undefined)
    expect((await sync()).counts).toMatchObject({ updated: 2, failed: 0 })
  })

  it('sends the exact four-part Basic header, and fails on a wrong one', async () => {
    const expected = `Basic ${Buffer.from('webapi:web:cms:s3cret:pw', 'utf8').toString('base64')}`
    fake.requests.length = 0
    await sync()
    expect(fake.requests.length).toBeGreaterThan(0)
    expect(new Set(fake.requests.map((r) => r.authorization))).toEqual(new Set([expected]))
    const refused = await sync({ credentials: { ...fake.credentials, password: 'wrong' } })
    expect(refused.status).toBe('failed')
    expect(refused.message).toMatch(/Tessitura answered 401/)
  })
})
