import { richTextField } from '../../fields/richText'
import { slugSetCollection } from '../slugSetCollection'
import type { CollectionFacts } from '../facts'

export const Venues = slugSetCollection({
  slug: 'venues',
  singular: 'Venue',
  plural: 'Venues',
  group: 'Places & people',
  urlPrefix: '/venues',
  fields: [
    richTextField({ name: 'description' }),
    richTextField({
      name: 'accessInformation',
      admin: {
        description:
          'Step-free routes, seating, hearing loops, assistance: what a visitor needs to plan a visit.',
      },
    }),
  ],
  custom: {
    linkable: true,
    searchable: true,
    tenantOwned: true,
    redirectTarget: true,
    customAttributes: true,
    partner: {
      path: 'venues',
      schema: 'Venue',
      tag: 'Venues',
    },
  } satisfies CollectionFacts,
})
