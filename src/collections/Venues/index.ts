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
    {
      name: 'address',
      type: 'group',
      admin: {
        description:
          'The postal address: search engines show events only at a place with an address.',
      },
      fields: [
        { name: 'streetAddress', type: 'text', maxLength: 200 },
        { name: 'locality', type: 'text', maxLength: 100, admin: { description: 'Town or city.' } },
        { name: 'region', type: 'text', maxLength: 100 },
        { name: 'postalCode', type: 'text', maxLength: 20 },
        {
          name: 'country',
          type: 'text',
          maxLength: 100,
          admin: {
            description: 'Best as its two-letter code (NL, GB); a name is accepted too.',
          },
        },
      ],
    },
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
