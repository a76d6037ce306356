import type { CollectionSlug, Payload, RequiredDataFromCollectionSlug, Where } from 'payload'

import type { Page } from '../payload-types'
import { seedTenants, type SeedTenant } from './data'
import { makeImage } from './images'
import { bullets, heading, paragraph, picture, richText } from './richText'
import { scheduleChange, upcomingChanges } from '../plugins/scheduling/exports'
import { clip, seoDescriptionMax } from '../plugins/seo/defaults'

/** A search result's summary, within what search engines show. */
const seoSummary = (text: string): string => clip({ text, max: seoDescriptionMax })

type Doc = { id: string }

export type SeedResult = { created: number; existing: number }

/**
 * Loads the demo data set. Every record is looked up by its natural key first, so a second run
 * creates nothing: it only reports what is already there.
 */
export const seed = async ({ payload }: { payload: Payload }): Promise<SeedResult> => {
  const result: SeedResult = { created: 0, existing: 0 }

  const ensure: Ensure = async ({ collection, where, data, file }) => {
    const found = await payload.find({ collection, where, limit: 1, depth: 0, draft: true })
    const existing = found.docs[0]
    if (existing) {
      result.existing++
      return { id: String(existing.id) }
    }
    result.created++
    const created = await payload.create({ collection, data, depth: 0, ...(file ? { file } : {}) })
    return { id: String(created.id) }
  }

  /** A draft event's publish, scheduled once: a second seed finds it waiting. */
  const announce: Announce = async ({ tenant, id, days }) => {
    if ((await upcomingChanges({ payload, tenant, record: id })).length > 0) return
    await scheduleChange({
      payload,
      collection: 'events',
      id,
      action: 'publish',
      at: new Date(Date.now() + days * 86_400_000),
    })
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
    await seedTenant({ spec, ensure, announce })
  }
  return result
}

type Ensure = <S extends CollectionSlug>(args: {
  collection: S
  where: Where
  data: RequiredDataFromCollectionSlug<S>
  file?: { data: Buffer; mimetype: string; name: string; size: number }
}) => Promise<Doc>

type Announce = (args: { tenant: string; id: string; days: number }) => Promise<void>

const seedTenant = async ({
  spec,
  ensure,
  announce,
}: {
  spec: SeedTenant
  ensure: Ensure
  announce: Announce
}): Promise<void> => {
  const tenant = await ensure({
    collection: 'tenants',
    where: { slug: { equals: spec.slug } },
    data: { name: spec.name, slug: spec.slug, timeZone: spec.timeZone },
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
        data: {
          ...own,
          title: venue.title,
          description: richText(
            paragraph(`${venue.title} is at ${venue.address}, ${venue.city}. `, {
              bold: 'The foyer and bar open an hour before each performance.',
            }),
          ),
          accessInformation: richText(
            heading('Getting in'),
            bullets(
              'Step-free entrance on the left of the main doors',
              'Wheelchair spaces in every row ending in A',
              'Hearing loop in the auditorium; ask at the box office for headsets',
            ),
          ),
        },
      }),
    )
  }
  for (const name of spec.people) {
    await ensure({
      collection: 'people',
      where: bySlugOf(name),
      data: {
        ...own,
        title: name,
        description: richText(
          paragraph(
            `${name} has worked with ${spec.name} since 2019, `,
            'directing and performing across the repertoire. ',
            { bold: 'Trained in Bristol, Oslo and Lagos.' },
          ),
        ),
      },
    })
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
      await ensure({
        collection: 'works',
        where: bySlugOf(title),
        data: {
          ...own,
          title,
          meta: {
            description: seoSummary(`${title}, a new production for ${spec.season}.`),
          },
          description: richText(
            heading('Synopsis'),
            paragraph(
              `${title} returns in a new production for ${spec.season}: `,
              'a company of twelve, live music, and a set built in our own workshops.',
            ),
          ),
        },
      }),
    )
  }
  const season = await ensure({
    collection: 'seasons',
    where: bySlugOf(spec.season),
    data: { ...own, title: spec.season },
  })
  const series = await ensure({
    collection: 'series',
    where: bySlugOf(spec.series),
    data: { ...own, title: spec.series },
  })

  const listed: string[] = []
  for (const item of spec.events) {
    const venue = spec.venues[item.venue]
    const image = await poster(item.title)
    const event = await ensure({
      collection: 'events',
      where: bySlugOf(item.title),
      data: {
        ...own,
        title: item.title,
        work: item.work === undefined ? undefined : works[item.work]?.id,
        season: season.id,
        series: item.inSeries ? series.id : undefined,
        image: image.id,
        description: richText(
          heading('About the production'),
          paragraph(
            `${item.title} plays ${item.performances} nights at ${venue?.title}. `,
            ...(item.work === undefined || !works[item.work]
              ? []
              : [
                  'Read more about ',
                  {
                    link: spec.works[item.work] ?? item.title,
                    to: { relationTo: 'works', value: works[item.work]!.id },
                  },
                  '. ',
                ]),
          ),
          picture({ media: image.id, caption: `${item.title}, ${spec.season}` }),
          bullets('Running time about 2 hours 30 minutes, one interval', 'Recommended age 12+'),
        ),
        // Written as an editor would: the default, the start of the description, begins with
        // its heading.
        meta: { description: seoSummary(`${item.title}: ${spec.season} at ${venue?.title}.`) },
        venue: { name: venue?.title, address: venue?.address, city: venue?.city },
        organizer: { name: spec.name, email: `boxoffice@${spec.slug}.example` },
        booking: {
          bookingLinkLabel: 'Book now',
          bookingLinkURL: `https://tickets.${spec.slug}.example/${item.title.length}`,
        },
        _status: item.announceInDays === undefined ? 'published' : 'draft',
      },
    })
    listed.push(event.id)
    if (item.announceInDays !== undefined)
      await announce({ tenant: tenant.id, id: event.id, days: item.announceInDays })
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
          venue: venues[item.venue]?.id,
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

  const page = (title: string, parent?: Doc, layout?: Page['layout']): Promise<Doc> =>
    ensure({
      collection: 'pages',
      where: bySlugOf(title),
      data: { ...own, title, parent: parent?.id, layout, _status: 'published' },
    })
  const about = await page('About')
  await page('Team', about)
  await page('History', about)
  await page('Visit', undefined, [
    {
      blockType: 'richText',
      content: richText(
        heading('Plan your visit'),
        paragraph(`${spec.name} is a short walk from the station. `, {
          bold: 'Doors open an hour before the show.',
        }),
      ),
    },
    {
      blockType: 'callToAction',
      label: 'Book tickets',
      link: `https://tickets.${spec.slug}.example/`,
    },
    { blockType: 'eventList', heading: 'Coming up', source: 'chosen', events: listed.slice(0, 3) },
  ])
  await page('Programme', undefined, [
    {
      blockType: 'eventList',
      heading: spec.season,
      source: 'upcoming',
      season: season.id,
      limit: 12,
    },
    {
      blockType: 'eventList',
      heading: spec.series,
      source: 'upcoming',
      series: series.id,
    },
    ...venues.map((venue, i) => ({
      blockType: 'eventList' as const,
      heading: `At ${spec.venues[i]?.title}`,
      source: 'upcoming' as const,
      venue: venue.id,
      limit: 3,
    })),
  ])

  for (const title of spec.blogs) {
    await ensure({
      collection: 'blogs',
      where: bySlugOf(title),
      data: {
        ...own,
        title,
        excerpt: `${title}: notes from inside ${spec.name}.`,
        body: richText(
          paragraph(
            `${title}. `,
            'The company gathered on Monday morning with coffee and scripts.',
          ),
          paragraph(
            { bold: 'What we learned: ' },
            'start with the ending, then find the way there.',
          ),
        ),
      },
    })
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
