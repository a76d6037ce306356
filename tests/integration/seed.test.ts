import { describe, expect, it } from 'vitest'

import { shownEvents } from '../../src/blocks/eventList/shownEvents'
import { upcomingChanges } from '../../src/plugins/scheduling/exports'
import { seed } from '../../src/seed'
import { seedTenants } from '../../src/seed/data'
import { getTestPayload } from '../helpers/payload'

describe('the demo data set', () => {
  it('loads two organisations with events, instances, media and pages, and loads nothing twice', async () => {
    const payload = await getTestPayload()
    const first = await seed({ payload })
    expect(first.created).toBeGreaterThan(80)

    for (const spec of seedTenants) {
      const tenant = (
        await payload.find({ collection: 'tenants', where: { slug: { equals: spec.slug } } })
      ).docs[0]
      expect(tenant, spec.slug).toBeDefined()
      const inTenant = { tenant: { equals: tenant?.id } }
      const count = async (
        collection: 'events' | 'event-instances' | 'media' | 'pages' | 'redirects',
      ) => (await payload.count({ collection, where: inTenant })).totalDocs
      expect(await count('events')).toBe(spec.events.length)
      expect(await count('event-instances')).toBe(
        spec.events.reduce((n, e) => n + e.performances, 0),
      )
      expect(await count('media')).toBe(spec.events.length)
      expect(await count('pages')).toBe(5)
      expect(await count('redirects')).toBe(2)
      const team = (
        await payload.find({
          collection: 'pages',
          where: { and: [inTenant, { slug: { equals: 'team' } }] },
        })
      ).docs[0]
      expect(team?.relativePath).toBe('/about/team')
      const poster = (await payload.find({ collection: 'media', where: inTenant, limit: 1 }))
        .docs[0]
      expect(poster?.sizes?.opengraph?.width).toBe(1200)
      // Real-looking content: descriptions with a heading, a link to the work and a picture,
      // access information, and a page built from blocks.
      const [event] = (
        await payload.find({
          collection: 'events',
          where: { and: [inTenant, { work: { exists: true } }] },
          limit: 1,
          depth: 0,
        })
      ).docs
      const described = JSON.stringify(event?.description)
      expect(described).toContain('"heading"')
      expect(described).toContain('"upload"')
      expect(described).toContain(String(event?.work))
      const [venue] = (await payload.find({ collection: 'venues', where: inTenant, limit: 1 })).docs
      expect(JSON.stringify(venue?.accessInformation)).toContain('Step-free')
      const [visit] = (
        await payload.find({
          collection: 'pages',
          where: { and: [inTenant, { slug: { equals: 'visit' } }] },
          depth: 0,
        })
      ).docs
      expect(visit?.layout?.map((block) => block.blockType)).toEqual([
        'richText',
        'callToAction',
        'eventList',
      ])
      // A programme page of upcoming lists: the season's, the series', each venue's.
      const [programme] = (
        await payload.find({
          collection: 'pages',
          where: { and: [inTenant, { slug: { equals: 'programme' } }] },
          depth: 0,
        })
      ).docs
      const lists = (programme?.layout ?? []) as unknown as Record<string, unknown>[]
      const [season, series] = await shownEvents.resolve({
        payload,
        tenantId: String(tenant?.id),
        rows: lists,
      })
      const stillToCome = (e: (typeof spec.events)[number]) =>
        e.announceInDays === undefined &&
        new Date(e.firstDate).getTime() + (e.performances - 1) * 86_400_000 > Date.now()
      expect((season as string[]).length).toBe(spec.events.filter(stillToCome).length)
      expect((series as string[]).length).toBe(
        spec.events.filter((e) => e.inSeries && stillToCome(e)).length,
      )
      expect(lists).toHaveLength(2 + spec.venues.length)
      // An event still to be announced: a draft with its publish scheduled, and SEO filled.
      const announced = spec.events.filter((e) => e.announceInDays !== undefined)
      const upcoming = await upcomingChanges({ payload, tenant: String(tenant?.id) })
      expect(upcoming).toHaveLength(announced.length)
      for (const change of upcoming) {
        const draft = await payload.findByID({
          collection: 'events',
          id: change.record,
          draft: true,
          depth: 0,
        })
        expect(draft._status).toBe('draft')
        expect(change.action).toBe('publish')
        expect(new Date(change.at).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000)
        expect(draft.meta?.title).toBe(draft.title)
        // Written for search results: no heading, within the length they show.
        expect(draft.meta?.description).toMatch(new RegExp(`^${draft.title}: `))
        expect(draft.meta?.description?.length).toBeLessThanOrEqual(150)
      }
    }
    expect(seedTenants.some((spec) => spec.events.some((e) => e.announceInDays))).toBe(true)

    const second = await seed({ payload })
    expect(second.created).toBe(0)
    // The second run schedules nothing again.
    const harbour = (
      await payload.find({ collection: 'tenants', where: { slug: { equals: 'harbour-theatre' } } })
    ).docs[0]
    expect(await upcomingChanges({ payload, tenant: String(harbour?.id) })).toHaveLength(1)
    expect(second.existing).toBe(first.created + first.existing)
  })
})
