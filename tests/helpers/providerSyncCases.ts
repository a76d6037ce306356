import { randomUUID } from 'node:crypto'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Tenant } from '../../src/payload-types'
import {
  optionDefaults,
  syncContext,
  type TicketingOptions,
} from '../../src/plugins/ticketing/defaults'
import { nest } from '../../src/plugins/ticketing/engine/apply'
import { executeSync } from '../../src/plugins/ticketing/engine/executeSync'
import { providerPaths } from '../../src/plugins/ticketing/ownership'
import { providers } from '../../src/plugins/ticketing/providers/registry'
import type { Connection, RunOutcome, SyncProviderName } from '../../src/plugins/ticketing/types'
import type { BoxOfficeKnobs } from './fakeBoxOffice'
import { getTestPayload } from './payload'

/** What the shared cases need of a provider's fake: the server and its knobs. */
export type FakeBox = {
  host: string
  origin: string
  state: { knobs: BoxOfficeKnobs }
  reset: () => void
  stop: () => Promise<void>
}

/**
 * What a provider supplies to run the shared sync cases against its fake. Ids are the box
 * office's; times are instants. Every change happens at the box office (the fake's catalogue).
 */
export type ProviderSyncAdapter<F extends FakeBox = FakeBox> = {
  provider: SyncProviderName
  /** A fake with an empty catalogue, on loopback. */
  startFake: () => Promise<F>
  /** The connection's settings and credentials for a box office at `baseUrl`. */
  connection: (args: { fake: F; baseUrl: string }) => Pick<Connection, 'settings' | 'credentials'>
  /** Adds an event with one performance at each of `starts`; answers their ids, in order. */
  addEvent: (args: { fake: F; title: string; starts: Date[] }) => {
    eventId: string
    instanceIds: string[]
  }
  cancel: (args: { fake: F; id: string }) => void
  /** The box office stops listing it. */
  remove: (args: { fake: F; id: string }) => void
  move: (args: { fake: F; id: string; start: Date }) => void
  sellOut: (args: { fake: F; id: string }) => void
  /** Fields a synced performance holds besides the common ones, by path (optional). */
  expectedFields?: (args: { fake: F; id: string }) => Record<string, unknown>
}

type Doc = Record<string, unknown>

const day = 86_400_000
const at = (days: number, hour = 19): Date => {
  const d = new Date(Date.now() + days * day)
  d.setUTCHours(hour, 30, 0, 0)
  return d
}
const valueAt = (doc: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, key) => (v as Doc | null | undefined)?.[key], doc)

/**
 * The cases every box office passes through the engine, in-process against the test database
 * (`executeSync` with a `Connection`): import, rerun, change, cancellation, vanishing, locks,
 * drafts, dry run, failures and tenant isolation.
 */
export const describeProviderSync = <F extends FakeBox>(adapter: ProviderSyncAdapter<F>): void => {
  const provider = providers[adapter.provider]!
  const paths = providerPaths[adapter.provider]
  describe(`${provider.label}: the shared sync cases`, () => {
    let payload: Payload
    let fake: F
    let tenant: Tenant
    let other: Tenant
    let show: { eventId: string; instanceIds: string[] }

    const setOptions = (changes: Partial<TicketingOptions>): void => {
      Object.assign(payload.config.custom.ticketing as TicketingOptions, changes)
    }
    const connectionOf = (
      more: Partial<Connection> & { baseUrl?: string } = {},
      owner: Tenant = tenant,
    ): Connection => ({
      id: `c-${adapter.provider}-${owner.id}`,
      tenantId: owner.id,
      provider: adapter.provider,
      ...adapter.connection({ fake, baseUrl: more.baseUrl ?? fake.origin }),
      daysAhead: 60,
      importNewEvents: true,
      syncToPublished: true,
      removalLimitPercent: 100,
      availabilityDaysAhead: 14,
      ...more,
    })
    const sync = (
      more: { connection?: Partial<Connection> & { baseUrl?: string }; dryRun?: boolean } = {},
      owner: Tenant = tenant,
    ): Promise<RunOutcome> =>
      executeSync({
        payload,
        run: {
          runId: randomUUID(),
          connection: connectionOf(more.connection, owner),
          dryRun: more.dryRun ?? false,
          confirmRemovals: false,
          deadline: Date.now() + 30_000,
          heartbeat: async () => undefined,
        },
      })
    const instance = async (id: string, owner: Tenant = tenant): Promise<Doc> => {
      const found = await payload.find({
        collection: 'event-instances',
        where: { and: [{ [paths.instanceId]: { equals: id } }, { tenant: { equals: owner.id } }] },
        overrideAccess: true,
        depth: 0,
      })
      expect(found.docs).toHaveLength(1)
      return found.docs[0] as unknown as Doc
    }
    const instanceCount = async (owner: Tenant): Promise<number> =>
      (
        await payload.count({
          collection: 'event-instances',
          where: { tenant: { equals: owner.id } },
          overrideAccess: true,
        })
      ).totalDocs
    const cmsEvent = async (): Promise<Doc> => {
      const found = await payload.find({
        collection: 'events',
        where: { and: [{ tenant: { equals: tenant.id } }, { [paths.eventIds]: { exists: true } }] },
        overrideAccess: true,
        draft: true,
        pagination: false,
        depth: 0,
      })
      // Its group names the one box-office event, as the provider writes it (Tessitura's is a
      // JSON list), so read as the provider reads it.
      const linked = (found.docs as unknown as Doc[]).filter((doc) =>
        provider.cms
          .readEventLink(doc[adapter.provider] as Doc | null)
          ?.externalIds.includes(show.eventId),
      )
      expect(linked).toHaveLength(1)
      return linked[0]!
    }

    beforeAll(async () => {
      payload = await getTestPayload()
      const slug = `psc-${adapter.provider}-${randomUUID().slice(0, 8)}`
      tenant = await payload.create({ collection: 'tenants', data: { name: slug, slug } })
      other = await payload.create({
        collection: 'tenants',
        data: { name: `${slug}-other`, slug: `${slug}-other` },
      })
      fake = await adapter.startFake()
      setOptions({ allowedHosts: [fake.host] })
      show = adapter.addEvent({ fake, title: 'The Seagull', starts: [at(3), at(5), at(7)] })
    })

    afterAll(async () => {
      setOptions({ allowedHosts: optionDefaults.allowedHosts })
      await fake?.stop()
    })

    it('imports the event and its performances', async () => {
      const outcome = await sync()
      expect(outcome).toMatchObject({ status: 'succeeded', errors: [] })
      expect(outcome.counts).toMatchObject({ created: 4, failed: 0 })
      const event = await cmsEvent()
      expect(event.title).toBe('The Seagull')
      for (const id of show.instanceIds) {
        const doc = await instance(id)
        expect(doc).toMatchObject({ ticketingSystem: adapter.provider, hidden: false })
        expect(typeof doc.providerStatus).toBe('string')
        expect(valueAt(doc, paths.instanceEventId)).toBeTruthy()
        for (const [path, value] of Object.entries(adapter.expectedFields?.({ fake, id }) ?? {}))
          expect(valueAt(doc, path)).toEqual(value)
      }
    })

    it('writes nothing when it runs again unchanged', async () => {
      const outcome = await sync()
      expect(outcome.status).toBe('succeeded')
      expect(outcome.counts).toMatchObject({ created: 0, updated: 0, cancelled: 0, removed: 0 })
    })

    it('follows a change at the box office', async () => {
      const [first, second] = show.instanceIds as [string, string]
      adapter.move({ fake, id: first, start: at(4, 12) })
      adapter.sellOut({ fake, id: second })
      const outcome = await sync()
      expect(outcome.counts.updated).toBe(2)
      expect(new Date(String((await instance(first)).startDate)).toISOString()).toBe(
        at(4, 12).toISOString(),
      )
      expect((await instance(second)).availability).toBe('sold_out')
    })

    it('hides a cancelled performance', async () => {
      const third = show.instanceIds[2]!
      adapter.cancel({ fake, id: third })
      const outcome = await sync()
      expect(outcome.counts.cancelled).toBe(1)
      expect(await instance(third)).toMatchObject({ cancelled: true, hidden: true })
    })

    it('hides a vanished performance and leaves a past one alone', async () => {
      const past = adapter.addEvent({ fake, title: 'Yesterday', starts: [at(20)] })
      await sync()
      const pastId = past.instanceIds[0]!
      // Moved into the past in the CMS, as time passing would.
      await payload.update({
        collection: 'event-instances',
        id: String((await instance(pastId)).id),
        overrideAccess: true,
        context: { ...syncContext },
        data: { startDate: at(-2).toISOString() } as never,
      })
      adapter.remove({ fake, id: pastId })
      const first = show.instanceIds[0]!
      adapter.remove({ fake, id: first })
      const outcome = await sync()
      expect(outcome.counts.removed).toBe(1)
      expect((await instance(first)).hidden).toBe(true)
      expect((await instance(pastId)).hidden).toBe(false)
    })

    it("refuses an editor's write of a provider field until the event is disconnected", async () => {
      const second = await instance(show.instanceIds[1]!)
      await expect(
        payload.update({
          collection: 'event-instances',
          id: String(second.id),
          overrideAccess: true,
          data: { availability: 'available' } as never,
        }),
      ).rejects.toMatchObject({ status: 400 })
      const event = await cmsEvent()
      // A partial group naming another box-office event: still connected, so refused.
      await expect(
        payload.update({
          collection: 'events',
          id: String(event.id),
          overrideAccess: true,
          draft: true,
          data: nest({ [paths.eventIds]: 'another' }) as never,
        }),
      ).rejects.toMatchObject({ status: 400 })
      await payload.update({
        collection: 'events',
        id: String(event.id),
        overrideAccess: true,
        draft: true,
        data: { [adapter.provider]: { syncConnected: false } } as never,
      })
      await payload.update({
        collection: 'event-instances',
        id: String(second.id),
        overrideAccess: true,
        data: { availability: 'available' } as never,
      })
      expect((await instance(show.instanceIds[1]!)).availability).toBe('available')
    })

    it('imports a new event as a draft when the connection does not publish', async () => {
      const draft = adapter.addEvent({ fake, title: 'A draft', starts: [at(9)] })
      const outcome = await sync({ connection: { syncToPublished: false } })
      expect(outcome.status).toBe('succeeded')
      const doc = await instance(draft.instanceIds[0]!)
      expect(doc.hidden).toBe(true)
    })

    it('writes nothing on a dry run', async () => {
      adapter.addEvent({ fake, title: 'Dry', starts: [at(10)] })
      const before = await instanceCount(tenant)
      const outcome = await sync({ dryRun: true })
      expect(outcome.status).toBe('succeeded')
      expect(outcome.counts.created).toBeGreaterThan(0)
      expect(await instanceCount(tenant)).toBe(before)
    })

    it('retries a 503 and fails on malformed answers without writing', async () => {
      fake.reset()
      fake.state.knobs.unavailable = { calls: 1, retryAfter: '0' }
      expect((await sync({ dryRun: true })).status).toBe('succeeded')
      fake.reset()
      fake.state.knobs.malformed = true
      const before = await instanceCount(tenant)
      const outcome = await sync()
      expect(outcome.status).toBe('failed')
      expect(outcome.message).toMatch(/Nothing was changed/)
      expect(await instanceCount(tenant)).toBe(before)
      fake.reset()
    })

    it('fails when unreachable, or at a private address nobody allowed', async () => {
      const before = await instanceCount(tenant)
      expect((await sync({ connection: { baseUrl: 'http://127.0.0.1:9' } })).status).toBe('failed')
      const refused = await sync({ connection: { baseUrl: 'http://10.0.0.1:8080' } })
      expect(refused.status).toBe('failed')
      expect(refused.message).toMatch(/could not be reached/)
      expect(await instanceCount(tenant)).toBe(before)
    })

    it("leaves another tenant's events alone", async () => {
      expect(await instanceCount(other)).toBe(0)
      const before = await instanceCount(tenant)
      const outcome = await sync({}, other)
      expect(outcome.status).toBe('succeeded')
      expect(await instanceCount(other)).toBeGreaterThan(0)
      expect(await instanceCount(tenant)).toBe(before)
    })
  })
}
