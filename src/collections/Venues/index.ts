import { slugSetCollection } from '../slugSetCollection'

export const Venues = slugSetCollection({
  slug: 'venues',
  singular: 'Venue',
  plural: 'Venues',
  group: 'Places & people',
  urlPrefix: '/venues',
  custom: {
    tenantOwned: true,
    redirectTarget: true,
    customAttributes: true,
    partner: {
      path: 'venues',
      schema: 'Venue',
      tag: 'Venues',
      sample: {
        create: (tag) => ({ title: `Record ${tag}` }),
        update: { themeTemplate: 'updated' },
      },
    },
  },
})
