import type { Payload, Where } from 'payload'

import type { Config } from '../payload-types'
import { seedTenants, type SeedTenant } from './data'
import { makeImage } from './images'

type Slug = keyof Config['collections']
type Doc = { id: string }

export type SeedResult = { created: number; existing: number }

/**
 * Loads the demo data set. Every record is looked up by its natural key first, so a second run
 * creates nothing: it only reports what is already there.
 */
export const seed = async ({ payload }: { payload: Payload }): Promise<SeedResult> => {
  const result: SeedResult = { created: 0, existing: 0 }

  const ensure = async <T extends Doc>({
    collection,
    where,
    data,
    file,
  }: {
    collection: Slug
    where: Where
    data: Record<string, unknown>
    file?: { data: Buffer; mimetype: string; name: string; size: number }
  }): Promise<T> => {
    const found = await payload.find({ collection, where, limit: 1, depth: 0, draft: true })
    if (found.docs[0]) {
      result.existing++
      return found.docs[0] as unknown as T
    }
    result.created++
    return (await payload.create({
      collection,
      data: data as never,
      depth: 0,
      ...(file ? { file } : {}),
    })) as unknown as T
  }

  await ensure({
    collection: 'users',
    where: { email: { equals: 'admin@example.com' } },
    data: {
      email: 'admin@example.com',
      password: 'admin-password',
      roles: ['super-admin'],
      name: 'Installation admin',
    },
  })

  for (const spec of seedTenants) {
    await seedTenant({ spec, ensure })
  }
  return result
}

type Ensure = <T extends Doc>(args: {
  collection: Slug
  where: Where
  data: Record<string, unknown>
  file?: { data: Buffer; mimetype: string; name: string; size: number }
}) => Promise<T>

const seedTenant = async ({
  spec,
  ensure,
}: {
  spec: SeedTenant
  ensure: Ensure
}): Promise<void> => {
  const tenant = await ensure({
    collection: 'tenants',
    where: { slug: { equals: spec.slug } },
    data: { name: spec.name, slug: spec.slug },
  })
  const own = { tenant: tenant.id }
  const inTenant = (where: Where): Where => ({ and: [{ tenant: { equals: tenant.id } }, where] })
  const bySlugOf = (title: string): Where => inTenant({ title: { equals: title } })

  await ensure({
    collection: 'users',
    where: { email: { equals: spec.editor } },
    data: {
      email: spec.editor,
      password: 'editor-password',
      tenants: [{ tenant: tenant.id, roles: ['tenant-admin', 'editor'] }],
    },
  })

  const folder = await ensure({
    collection: 'folders',
    where: inTenant({ name: { equals: 'Posters' } }),
    data: { ...own, name: 'Posters' },
  })
  const tag = await ensure({
    collection: 'media-tags',
    where: bySlugOf('Key art'),
    data: { ...own, title: 'Key art' },
  })
  const poster = async (label: string): Promise<Doc> => {
    const alt = `${label} — poster`
    const data = await makeImage({ width: 1600, height: 1000, colour: spec.colour, label })
    return ensure({
      collection: 'media',
      where: inTenant({ alt: { equals: alt } }),
      data: { ...own, alt, credit: `${spec.name} press office`, folder: folder.id, tags: [tag.id] },
      file: {
        data,
        mimetype: 'image/png',
        name: `${spec.slug}-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.png`,
        size: data.length,
      },
    })
  }

  const venues: Doc[] = []
  for (const venue of spec.venues) {
    venues.push(
      await ensure({
        collection: 'venues',
        where: bySlugOf(venue.title),
        data: { ...own, title: venue.title },
      }),
    )
  }
  for (const name of spec.people) {
    await ensure({ collection: 'people', where: bySlugOf(name), data: { ...own, title: name } })
  }
  for (const name of spec.organizations) {
    await ensure({
      collection: 'organizations',
      where: bySlugOf(name),
      data: { ...own, title: name },
    })
  }
  const works: Doc[] = []
  for (const title of spec.works) {
    works.push(
      await ensure({ collection: 'works', where: bySlugOf(title), data: { ...own, title } }),
    )
  }
  await ensure({
    collection: 'seasons',
    where: bySlugOf(spec.season),
    data: { ...own, title: spec.season },
  })
  await ensure({
    collection: 'series',
    where: bySlugOf(spec.series),
    data: { ...own, title: spec.series },
  })

  for (const item of spec.events) {
    const venue = spec.venues[item.venue]
    const event = await ensure({
      collection: 'events',
      where: bySlugOf(item.title),
      data: {
        ...own,
        title: item.title,
        work: item.work === undefined ? undefined : works[item.work]?.id,
        image: (await poster(item.title)).id,
        venue: { name: venue?.title, address: venue?.address, city: venue?.city },
        organizer: { name: spec.name, email: `boxoffice@${spec.slug}.example` },
        booking: {
          bookingLinkLabel: 'Book now',
          bookingLinkURL: `https://tickets.${spec.slug}.example/${item.title.length}`,
        },
        _status: 'published',
      },
    })
    for (let n = 0; n < item.performances; n++) {
      const start = new Date(new Date(item.firstDate).getTime() + n * 86_400_000)
      await ensure({
        collection: 'event-instances',
        where: inTenant({
          and: [{ event: { equals: event.id } }, { startDate: { equals: start.toISOString() } }],
        }),
        data: {
          ...own,
          event: event.id,
          startDate: start.toISOString(),
          endDate: new Date(start.getTime() + 150 * 60_000).toISOString(),
          ticketingSystem: 'lineup',
          ticketingSystemId: `${spec.slug}-${item.title.length}-${n}`,
          lineup: {
            ticketName: 'Standard',
            pricing: { price: item.price, currency: 'EUR' },
            availability: { quantityAvailable: 200 - n * 40, quantitySold: n * 40 },
            ticketStatus: n === 0 ? 'few-left' : 'onsale',
          },
        },
      })
    }
  }

  const page = (title: string, parent?: Doc): Promise<Doc> =>
    ensure({
      collection: 'pages',
      where: bySlugOf(title),
      data: { ...own, title, parent: parent?.id, _status: 'published' },
    })
  const about = await page('About')
  await page('Team', about)
  await page('History', about)
  await page('Visit')

  for (const title of spec.blogs) {
    await ensure({ collection: 'blogs', where: bySlugOf(title), data: { ...own, title } })
  }
  await ensure({
    collection: 'redirects',
    where: inTenant({ from: { equals: '/whats-on' } }),
    data: { ...own, from: '/whats-on', to: { type: 'custom', url: '/events' } },
  })
  await ensure({
    collection: 'redirects',
    where: inTenant({ from: { equals: '/about-us' } }),
    data: {
      ...own,
      from: '/about-us',
      to: { type: 'reference', reference: { relationTo: 'pages', value: about.id } },
    },
  })
  await ensure({
    collection: 'custom-attributes',
    where: inTenant({ key: { equals: 'age-rating' } }),
    data: {
      ...own,
      name: 'Age rating',
      key: 'age-rating',
      valueType: 'select',
      options: [
        { label: 'All ages', value: 'all' },
        { label: '12+', value: '12' },
        { label: '16+', value: '16' },
      ],
      appliesTo: ['events'],
    },
  })
  await ensure({
    collection: 'custom-attributes',
    where: inTenant({ key: { equals: 'running-time' } }),
    data: {
      ...own,
      name: 'Running time (minutes)',
      key: 'running-time',
      valueType: 'number',
      appliesTo: ['events', 'works'],
    },
  })
}
