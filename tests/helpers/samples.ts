import type { CollectionSlug, Payload } from 'payload'

import { slugify } from '../../src/fields/slugify'

/**
 * A valid record of each collection, for the tests that make records of every kind: the
 * fixtures live here, not in production config. A sample names the references it needs
 * (`needs`: field → collection), and `makeSample` makes those first, through the same hands.
 */
export type Sample = {
  /** The fields of a valid record; `refs` holds the ids of the records `needs` made. */
  data: (args: { tag: string; refs: Record<string, string | undefined> }) => Record<string, unknown>
  /** A valid change of such a record. */
  update: Record<string, unknown>
  /** References a record must have: field → the collection of the record made for it. */
  needs?: Record<string, string>
  /** Made with an image file. */
  upload?: boolean
}

export type Samples = Record<string, Sample>

const titled = (update: Record<string, unknown> = { themeTemplate: 'updated' }): Sample => ({
  data: ({ tag }) => ({ title: `Record ${tag}` }),
  update,
})

/** The app's collections, keyed by slug. */
export const appSamples: Samples = {
  events: {
    data: ({ tag }) => ({ title: `Record ${tag}`, _status: 'published' }),
    update: { hideStartTime: true },
  },
  'event-instances': {
    needs: { event: 'events' },
    data: ({ refs }) => ({
      event: refs.event,
      startDate: '2027-03-01T19:30:00.000Z',
      ticketingSystem: 'spektrix',
    }),
    update: { hidden: true },
  },
  works: titled(),
  seasons: titled(),
  series: titled(),
  venues: {
    data: ({ tag }) => ({
      title: `Record ${tag}`,
      address: {
        streetAddress: 'Leidseplein 26',
        locality: 'Amsterdam',
        postalCode: '1017 PN',
        country: 'NL',
      },
    }),
    update: { address: { region: 'Noord-Holland' } },
  },
  people: titled(),
  organizations: titled(),
  blogs: titled(),
  pages: {
    data: ({ tag }) => ({ title: `Record ${tag}`, _status: 'published' }),
    update: { showInSearch: false },
  },
  'custom-attributes': {
    data: ({ tag }) => ({
      name: `Attribute ${tag}`,
      // A key is a slug: lowercase words and hyphens.
      key: `attr-${slugify(tag)}`,
      valueType: 'text',
    }),
    update: { description: 'Updated' },
  },
  media: {
    upload: true,
    data: ({ tag }) => ({ alt: tag }),
    update: { caption: 'Updated caption' },
  },
  redirects: {
    data: ({ tag }) => ({
      from: `/old/${tag}`,
      to: { type: 'custom', url: `https://example.org/${tag}` },
    }),
    update: { to: { type: 'custom', url: 'https://example.org/updated' } },
  },
  'media-tags': { data: ({ tag }) => ({ title: tag }), update: { title: 'Updated tag' } },
  folders: { data: ({ tag }) => ({ name: tag }), update: { name: 'Updated folder' } },
  webhooks: {
    data: () => ({ url: 'https://hooks.example.org/in' }),
    update: { description: 'Updated' },
  },
  'webhook-deliveries': {
    needs: { webhook: 'webhooks' },
    data: ({ refs }) => ({ webhook: refs.webhook, type: 'webhook.test', state: 'succeeded' }),
    update: {},
  },
  'ticketing-connections': {
    data: ({ tag }) => ({
      name: `Box office ${tag}`,
      provider: 'spektrix',
      spektrix: { clientName: 'demo' },
    }),
    update: { daysAhead: 90 },
  },
  'preview-links': {
    needs: { record: 'events' },
    data: ({ refs }) => ({
      collection: 'events',
      record: refs.record,
      expiresAt: '2030-01-01T00:00:00.000Z',
    }),
    update: { revoked: true },
  },
  'ticketing-sync-runs': {
    needs: { connection: 'ticketing-connections' },
    data: ({ refs }) => ({
      connection: refs.connection,
      provider: 'spektrix',
      status: 'succeeded',
      trigger: 'manual',
    }),
    update: {},
  },
}

export const sampleOf = ({
  samples = appSamples,
  collection,
}: {
  samples?: Samples
  collection: string
}): Sample => {
  const sample = samples[collection]
  if (!sample) throw new Error(`no test sample for the collection ${collection}`)
  return sample
}

/** Whoever makes a record: the Local API as some user, or a partner's HTTP client. */
export type Make = (args: {
  collection: string
  data: Record<string, unknown>
  upload: boolean
}) => Promise<string>

/** Makes the records a sample of `collection` needs, through `make`: field → id. */
export const makeNeeds = async ({
  samples = appSamples,
  collection,
  tag,
  make,
}: {
  samples?: Samples
  collection: string
  tag: string
  make: Make
}): Promise<Record<string, string>> => {
  const refs: Record<string, string> = {}
  for (const [field, target] of Object.entries(sampleOf({ samples, collection }).needs ?? {}))
    refs[field] = await makeSample({ samples, collection: target, tag: `${tag} ${field}`, make })
  return refs
}

/** Makes a sample record of `collection`, and first the records it needs, all through `make`. */
export const makeSample = async (args: {
  samples?: Samples
  collection: string
  tag: string
  make: Make
}): Promise<string> => {
  const sample = sampleOf(args)
  const refs = await makeNeeds(args)
  return args.make({
    collection: args.collection,
    data: sample.data({ tag: args.tag, refs }),
    upload: sample.upload === true,
  })
}

/**
 * A `Make` through the Local API into `tenant`, with access off (a test's own setup), an upload
 * carrying `file`.
 */
export const makeInTenant =
  ({
    payload,
    tenant,
    file,
  }: {
    payload: Payload
    tenant: { id: string }
    file?: { data: Buffer; mimetype: string; name: string; size: number }
  }): Make =>
  async ({ collection, data, upload }) =>
    String(
      (
        await payload.create({
          collection: collection as CollectionSlug,
          // Escape cast: a sample's data is for whichever collection it names, known only at run time.
          data: { ...data, tenant: tenant.id } as never,
          ...(upload && file ? { file } : {}),
        })
      ).id,
    )
