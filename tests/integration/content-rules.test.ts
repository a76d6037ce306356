import fs from 'node:fs'
import path from 'node:path'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Tenant, User } from '../../src/payload-types'
import { makeImage } from '../../src/seed/images'
import { getTestPayload } from '../helpers/payload'
import { as, createTenant, createUser, rejectionPaths } from '../helpers/tenants'

let payload: Payload
let theatre: Tenant
let festival: Tenant
let theatreEditor: User
let festivalEditor: User

const upload = async ({ user, tenant, name }: { user: User; tenant: Tenant; name: string }) => {
  const data = Buffer.from(await makeImage({ width: 1600, height: 1000, label: name }))
  return payload.create({
    collection: 'media',
    data: { tenant: tenant.id, alt: name },
    file: { data, mimetype: 'image/png', name: `${name}.png`, size: data.length },
    ...as(user),
  })
}

beforeAll(async () => {
  payload = await getTestPayload()
  theatre = await createTenant({ payload, slug: 'rules-theatre' })
  festival = await createTenant({ payload, slug: 'rules-festival' })
  theatreEditor = await createUser({
    payload,
    email: 'rules-theatre@example.com',
    tenants: [{ tenant: theatre, roles: ['editor'] }],
  })
  festivalEditor = await createUser({
    payload,
    email: 'rules-festival@example.com',
    tenants: [{ tenant: festival, roles: ['editor'] }],
  })
})

describe('slugs', () => {
  it('follow the title while locked, and are unique per tenant only', async () => {
    const a = await payload.create({
      collection: 'works',
      data: { tenant: theatre.id, title: 'Hamlet, Prince of Dénmark!' },
      ...as(theatreEditor),
    })
    expect(a.slug).toBe('hamlet-prince-of-denmark')
    expect(a.slugLock).toBe(true)
    expect(a.url).toBe('/works/hamlet-prince-of-denmark')

    const renamed = await payload.update({
      collection: 'works',
      id: a.id,
      data: { title: 'Hamlet' },
      ...as(theatreEditor),
    })
    expect(renamed.slug).toBe('hamlet')
    expect(renamed.url).toBe('/works/hamlet')

    // Another tenant may use the same slug...
    const b = await payload.create({
      collection: 'works',
      data: { tenant: festival.id, title: 'Hamlet' },
      ...as(festivalEditor),
    })
    expect(b.slug).toBe('hamlet')
    // ...the same tenant may not.
    expect(
      await rejectionPaths(
        payload.create({
          collection: 'works',
          data: { tenant: theatre.id, title: 'Hamlet' },
          ...as(theatreEditor),
        }),
      ),
    ).toEqual(['slug'])
  })

  it('are kept and normalised when the lock is off', async () => {
    const doc = await payload.create({
      collection: 'venues',
      data: { tenant: theatre.id, title: 'Main House', slugLock: false, slug: 'The Big Room' },
      ...as(theatreEditor),
    })
    expect(doc.slug).toBe('the-big-room')
    const renamed = await payload.update({
      collection: 'venues',
      id: doc.id,
      data: { title: 'Grand Hall' },
      ...as(theatreEditor),
    })
    expect(renamed.slug).toBe('the-big-room')
    expect(renamed.url).toBe('/venues/the-big-room')
    // Locking again brings the slug back to the title.
    const relocked = await payload.update({
      collection: 'venues',
      id: doc.id,
      data: { slugLock: true },
      ...as(theatreEditor),
    })
    expect(relocked.slug).toBe('grand-hall')
  })

  it('series have no url and blogs no lastUsedThemeKey', async () => {
    const series = await payload.create({
      collection: 'series',
      data: { tenant: theatre.id, title: 'Late Night' },
      ...as(theatreEditor),
    })
    expect(series).not.toHaveProperty('url')
    const blog = await payload.create({
      collection: 'blogs',
      data: { tenant: theatre.id, title: 'Rehearsal diary', lastUsedThemeKey: 'x' } as never,
      ...as(theatreEditor),
    })
    expect(blog.url).toBe('/blog/rehearsal-diary')
    expect(blog).not.toHaveProperty('lastUsedThemeKey')
  })
})

describe('cross-tenant references', () => {
  it('are rejected with the field named, for every kind of reference', async () => {
    const foreignWork = await payload.create({
      collection: 'works',
      data: { tenant: festival.id, title: 'Foreign work' },
      ...as(festivalEditor),
    })
    const foreignImage = await upload({ user: festivalEditor, tenant: festival, name: 'foreign' })
    const foreignFolder = await payload.create({
      collection: 'folders',
      data: { tenant: festival.id, name: 'Foreign folder' },
      ...as(festivalEditor),
    })
    const foreignTag = await payload.create({
      collection: 'media-tags',
      data: { tenant: festival.id, title: 'Foreign tag' },
      ...as(festivalEditor),
    })
    const foreignPage = await payload.create({
      collection: 'pages',
      data: { tenant: festival.id, title: 'Foreign page' },
      ...as(festivalEditor),
    })
    const foreignEvent = await payload.create({
      collection: 'events',
      data: { tenant: festival.id, title: 'Foreign event' },
      ...as(festivalEditor),
    })
    const [foreignSeason, foreignSeries, foreignVenue] = await Promise.all(
      (['seasons', 'series', 'venues'] as const).map((collection) =>
        payload.create({
          collection,
          data: { tenant: festival.id, title: `Foreign ${collection}` },
          ...as(festivalEditor),
        }),
      ),
    )
    const own = { tenant: theatre.id }
    const ownEvent = await payload.create({
      collection: 'events',
      data: { ...own, title: 'Own event' },
      ...as(theatreEditor),
    })
    // Each write starts only when its turn comes: one at a time, each rejection awaited.
    const cases: [string, () => Promise<unknown>][] = [
      [
        'work',
        () =>
          payload.create({
            collection: 'events',
            data: { ...own, title: 'E1', work: foreignWork.id },
            ...as(theatreEditor),
          }),
      ],
      [
        'image',
        () =>
          payload.create({
            collection: 'events',
            data: { ...own, title: 'E2', image: foreignImage.id },
            ...as(theatreEditor),
          }),
      ],
      [
        'image',
        () =>
          payload.create({
            collection: 'people',
            data: { ...own, title: 'P1', image: foreignImage.id },
            ...as(theatreEditor),
          }),
      ],
      [
        'parent',
        () =>
          payload.create({
            collection: 'pages',
            data: { ...own, title: 'Child', parent: foreignPage.id },
            ...as(theatreEditor),
          }),
      ],
      [
        'event',
        () =>
          payload.create({
            collection: 'event-instances',
            data: { ...own, event: foreignEvent.id, startDate: '2026-12-01T19:00:00Z' },
            ...as(theatreEditor),
          }),
      ],
      [
        'season',
        () =>
          payload.create({
            collection: 'events',
            data: { ...own, title: 'E3', season: foreignSeason!.id },
            ...as(theatreEditor),
          }),
      ],
      [
        'series',
        () =>
          payload.create({
            collection: 'events',
            data: { ...own, title: 'E4', series: foreignSeries!.id },
            ...as(theatreEditor),
          }),
      ],
      [
        'venue',
        () =>
          payload.create({
            collection: 'event-instances',
            data: {
              ...own,
              event: ownEvent.id,
              venue: foreignVenue!.id,
              startDate: '2026-12-01T19:00:00Z',
            },
            ...as(theatreEditor),
          }),
      ],
      [
        'to.reference',
        () =>
          payload.create({
            collection: 'redirects',
            data: {
              ...own,
              from: '/x',
              to: { type: 'reference', reference: { relationTo: 'works', value: foreignWork.id } },
            },
            ...as(theatreEditor),
          }),
      ],
    ]
    for (const [field, write] of cases) {
      expect(await rejectionPaths(write()), field).toContain(field)
    }
    const data = Buffer.from(await makeImage({ width: 300, height: 200 }))
    const file = { data, mimetype: 'image/png', name: 'own.png', size: data.length }
    expect(
      await rejectionPaths(
        payload.create({
          collection: 'media',
          data: { ...own, folder: foreignFolder.id },
          file,
          ...as(theatreEditor),
        }),
      ),
    ).toEqual(['folder'])
    expect(
      await rejectionPaths(
        payload.create({
          collection: 'media',
          data: { ...own, tags: [foreignTag.id] },
          file,
          ...as(theatreEditor),
        }),
      ),
    ).toEqual(['tags.0'])
    // A body claiming the foreign page's id does not make it "the page itself".
    const ownPage = await payload.create({
      collection: 'pages',
      data: { ...own, title: 'Own page' },
      ...as(theatreEditor),
    })
    expect(
      await rejectionPaths(
        payload.update({
          collection: 'pages',
          id: ownPage.id,
          data: { id: foreignPage.id, parent: foreignPage.id } as never,
          ...as(theatreEditor),
        }),
      ),
    ).toContain('parent')
    // A page made with its own id names itself in its breadcrumbs, and that is accepted.
    const ownId = crypto.randomUUID()
    const selfNamed = await payload.create({
      collection: 'pages',
      data: { ...own, id: ownId, title: 'Own id page', _status: 'published' },
      ...as(theatreEditor),
    })
    expect(selfNamed.breadcrumbs?.at(-1)?.doc).toBe(ownId)
    // Nothing was written for the theatre by any of those attempts.
    const { totalDocs } = await payload.count({
      collection: 'events',
      where: { title: { in: ['E1', 'E2', 'E3', 'E4'] } },
    })
    expect(totalDocs).toBe(0)
  })

  it("accept the tenant's own records that are still drafts", async () => {
    const draftEvent = await payload.create({
      collection: 'events',
      data: { tenant: theatre.id, title: 'Never published' },
      draft: true,
      ...as(theatreEditor),
    })
    expect(draftEvent._status).toBe('draft')
    const performance = await payload.create({
      collection: 'event-instances',
      data: { tenant: theatre.id, event: draftEvent.id, startDate: '2031-04-01T19:30:00.000Z' },
      depth: 0,
      ...as(theatreEditor),
    })
    expect(performance.event).toBe(draftEvent.id)
  })

  it('cannot move a record to another tenant', async () => {
    const doc = await payload.create({
      collection: 'seasons',
      data: { tenant: theatre.id, title: '2026/27' },
      ...as(theatreEditor),
    })
    expect(
      await rejectionPaths(
        payload.update({
          collection: 'seasons',
          id: doc.id,
          data: { tenant: festival.id },
          ...as(theatreEditor),
        }),
      ),
    ).toEqual(['tenant'])
  })
})

describe('media', () => {
  it('makes the thumbnail and opengraph sizes and fills the addresses in', async () => {
    const doc = await upload({ user: theatreEditor, tenant: theatre, name: 'poster' })
    expect(doc.mimeType).toBe('image/png')
    expect(doc.width).toBe(1600)
    expect(doc.height).toBe(1000)
    expect(doc.focalX).toBe(50)
    expect(doc.focalY).toBe(50)
    expect(doc.sizes?.thumbnail).toMatchObject({ width: 400, height: 300, mimeType: 'image/png' })
    expect(doc.sizes?.opengraph).toMatchObject({ width: 1200, height: 630, mimeType: 'image/png' })
    expect(doc.sizes?.thumbnail?.filesize).toBeGreaterThan(0)
    // The tenant's id, which a renamed slug does not change (hooks/setPrefix.ts).
    expect(doc.prefix).toBe(theatre.id)
    expect(doc.url).toBe(`/api/media/file/${doc.filename}`)
    expect(doc.src).toBe(`http://localhost:3000/api/media/file/${doc.filename}`)
    expect(doc.src_opengraph).toBe(`http://localhost:3000${doc.sizes?.opengraph?.url}`)
    expect(doc.thumbnailURL).toBe(doc.sizes?.thumbnail?.url)
    const dir = path.join(process.env.CMS_DATA_DIR ?? '', 'media')
    for (const name of [
      doc.filename,
      doc.sizes?.thumbnail?.filename,
      doc.sizes?.opengraph?.filename,
    ]) {
      expect(fs.existsSync(path.join(dir, String(name))), String(name)).toBe(true)
    }
  })

  it('refuses types outside the allow-list', async () => {
    const data = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    )
    const paths = await rejectionPaths(
      payload.create({
        collection: 'media',
        data: { tenant: theatre.id },
        file: { data, mimetype: 'image/svg+xml', name: 'x.svg', size: data.length },
        ...as(theatreEditor),
      }),
    )
    expect(paths).not.toEqual(['(accepted)'])
  })
})

describe('pages', () => {
  it('build breadcrumbs and relative paths from their parents, and follow a move', async () => {
    // Children follow a published parent (a draft parent's move waits for its publication).
    const editor = { ...as(theatreEditor), draft: false }
    const about = await payload.create({
      collection: 'pages',
      data: { tenant: theatre.id, title: 'About', _status: 'published' },
      ...editor,
    })
    const team = await payload.create({
      collection: 'pages',
      data: { tenant: theatre.id, title: 'Team', parent: about.id, _status: 'published' },
      ...editor,
    })
    expect(team.relativePath).toBe('/about/team')
    expect(team.url).toBe('/about/team')
    expect(team.breadcrumbs?.map((c) => c.url)).toEqual(['/about', '/about/team'])

    const company = await payload.create({
      collection: 'pages',
      data: { tenant: theatre.id, title: 'Company', _status: 'published' },
      ...editor,
    })
    await payload.update({
      collection: 'pages',
      id: about.id,
      data: { parent: company.id },
      ...editor,
    })
    const moved = await payload.findByID({
      collection: 'pages',
      id: team.id,
      ...editor,
    })
    expect(moved.relativePath).toBe('/company/about/team')
    expect(moved.breadcrumbs?.map((c) => c.label)).toEqual(['Company', 'About', 'Team'])
  })

  it('hold their draft slug: another record cannot take it, published or not', async () => {
    const held = await payload.create({
      collection: 'pages',
      data: { tenant: theatre.id, title: 'Held', _status: 'published' },
      ...as(theatreEditor),
    })
    // A draft change lives in the versions only; its slug is taken all the same.
    await payload.update({
      collection: 'pages',
      id: held.id,
      draft: true,
      data: { slug: 'held-draft-slug', slugLock: false },
      ...as(theatreEditor),
    })
    expect(
      await rejectionPaths(
        payload.create({
          collection: 'pages',
          data: {
            tenant: theatre.id,
            title: 'Taker',
            slug: 'held-draft-slug',
            slugLock: false,
            _status: 'published',
          },
          ...as(theatreEditor),
        }),
      ),
    ).toContain('slug')
  })

  it('are drafts until published, and keep their first publication time', async () => {
    const editor = as(theatreEditor)
    const draft = await payload.create({
      collection: 'pages',
      data: { tenant: theatre.id, title: 'Visit' },
      ...editor,
    })
    expect(draft._status).toBe('draft')
    expect(draft.publishedAt ?? null).toBeNull()
    const published = await payload.update({
      collection: 'pages',
      id: draft.id,
      data: { _status: 'published' },
      ...editor,
    })
    expect(published._status).toBe('published')
    expect(published.publishedAt).toMatch(/^\d{4}-/)
    const again = await payload.update({
      collection: 'pages',
      id: draft.id,
      data: { title: 'Visit us', _status: 'published' },
      ...editor,
    })
    expect(again.publishedAt).toBe(published.publishedAt)
  })
})

describe('events and their instances', () => {
  it('round-trip every field of the spec with its type, and list their instances', async () => {
    const editor = as(theatreEditor)
    const work = await payload.create({
      collection: 'works',
      data: { tenant: theatre.id, title: 'The Tempest' },
      ...editor,
    })
    const image = await upload({ user: theatreEditor, tenant: theatre, name: 'tempest' })
    const event = await payload.create({
      collection: 'events',
      data: {
        tenant: theatre.id,
        title: 'The Tempest',
        work: work.id,
        image: image.id,
        themeTemplate: 'classic',
        hideStartTime: false,
        lastUsedThemeKey: 'spring',
        elevent: { syncConnected: true, eventId: 'el-1', syncToPublished: false },
        spektrix: {
          syncConnected: true,
          eventId: 'sp-1',
          eventSyncType: 'full',
          spektrixInstances: 'a,b',
          syncToPublished: true,
        },
        tessitura: {
          syncConnected: false,
          productionSeasonIds: '12,13',
          performanceSyncType: 'auto',
          productionPerformances: '99',
          keywords: 'drama',
          syncToPublished: false,
        },
        booking: { bookingLinkLabel: 'Book', bookingLinkURL: 'https://tickets.example/tempest' },
        lineup: {
          syncConnected: true,
          eventId: 'lu-1',
          eventName: 'Tempest',
          eventType: 'theatre',
          eventCategory: 'drama',
          ticketUrl: 'https://lineup.example/t',
          websiteUrl: 'https://theatre.example',
          tags: 'family',
          syncToPublished: true,
        },
        venue: { name: 'Main House', address: '1 Stage Street', city: 'Bristol', country: 'GB' },
        organizer: { name: 'Box Office', email: 'box@theatre.example' },
        _status: 'published',
      },
      ...editor,
    })
    expect(event).toMatchObject({
      slug: 'the-tempest',
      url: '/events/the-tempest',
      _status: 'published',
      spektrix: { eventSyncType: 'full', syncToPublished: true },
      venue: { city: 'Bristol' },
      organizer: { email: 'box@theatre.example' },
    })
    const instance = await payload.create({
      collection: 'event-instances',
      data: {
        tenant: theatre.id,
        event: event.id,
        startDate: '2026-12-01T19:30:00.000Z',
        endDate: '2026-12-01T22:00:00.000Z',
        ticketingSystem: 'lineup',
        ticketingSystemId: 'T-1',
        elevent: { showTimeId: 's1', eventId: 'e1', eventUrlName: 'tempest' },
        spektrix: { instanceId: 'i1', eventId: 'e1' },
        tessitura: {
          performanceId: 'p1',
          productionSeasonId: 'ps1',
          keywords: 'k',
          availability: 'good',
        },
        booking: { bookingLinkLabel: 'Book', bookingLinkURL: 'https://tickets.example/1' },
        lineup: {
          ticketId: 't1',
          eventId: 'e1',
          ticketName: 'Stalls',
          ticketDescription: 'Best seats',
          pricing: { price: 32.5, currency: 'GBP' },
          availability: {
            quantityAvailable: 120,
            quantitySold: 80,
            saleStart: '2026-09-01T09:00:00.000Z',
            saleEnd: '2026-12-01T18:00:00.000Z',
          },
          ticketStatus: 'onsale',
          ticketType: 'standard',
          syncData: '{"raw":true}',
        },
      },
      ...editor,
    })
    expect(instance.title).toBe('The Tempest — 2026-12-01 19:30')
    expect(instance.lineup?.pricing?.price).toBe(32.5)
    expect(instance.lineup?.availability?.quantityAvailable).toBe(120)
    expect(instance.lineup?.availability?.saleStart).toBe('2026-09-01T09:00:00.000Z')
    expect(instance.hidden).toBe(false)

    const withInstances = await payload.findByID({
      collection: 'events',
      id: event.id,
      depth: 0,
      ...editor,
    })
    expect(withInstances.instances?.docs).toEqual([instance.id])
  })

  it('refuses an instance that ends before it starts', async () => {
    const event = await payload.create({
      collection: 'events',
      data: { tenant: theatre.id, title: 'Backwards' },
      ...as(theatreEditor),
    })
    expect(
      await rejectionPaths(
        payload.create({
          collection: 'event-instances',
          data: {
            tenant: theatre.id,
            event: event.id,
            startDate: '2026-12-02T19:00:00Z',
            endDate: '2026-12-01T19:00:00Z',
          },
          ...as(theatreEditor),
        }),
      ),
    ).toEqual(['endDate'])
  })
})

describe('redirects', () => {
  it('normalise from, keep it unique per tenant, and require what their type needs', async () => {
    const editor = as(theatreEditor)
    const doc = await payload.create({
      collection: 'redirects',
      data: {
        tenant: theatre.id,
        from: 'https://theatre.example//Whats-On/',
        to: { type: 'custom', url: '/events' },
      },
      ...editor,
    })
    expect(doc.from).toBe('/whats-on')
    expect(
      await rejectionPaths(
        payload.create({
          collection: 'redirects',
          data: { tenant: theatre.id, from: '/WHATS-ON', to: { type: 'custom', url: '/x' } },
          ...editor,
        }),
      ),
    ).toEqual(['from'])
    // Another tenant may redirect the same path.
    await payload.create({
      collection: 'redirects',
      data: { tenant: festival.id, from: '/whats-on', to: { type: 'custom', url: '/programme' } },
      ...as(festivalEditor),
    })
    expect(
      await rejectionPaths(
        payload.create({
          collection: 'redirects',
          data: { tenant: theatre.id, from: '/a', to: { type: 'custom' } },
          ...editor,
        }),
      ),
    ).toEqual(['to.url'])
    expect(
      await rejectionPaths(
        payload.create({
          collection: 'redirects',
          data: {
            tenant: theatre.id,
            from: '/b',
            to: { type: 'custom', url: 'javascript:alert(1)' },
          },
          ...editor,
        }),
      ),
    ).toEqual(['to.url'])
    expect(
      await rejectionPaths(
        payload.create({
          collection: 'redirects',
          data: { tenant: theatre.id, from: '/c', to: { type: 'reference' } },
          ...editor,
        }),
      ),
    ).toEqual(['to.reference'])
  })
})
