import { slugSetCollection } from '../slugSetCollection'

export const Venues = slugSetCollection({
  slug: 'venues',
  singular: 'Venue',
  plural: 'Venues',
  group: 'Places & people',
  urlPrefix: '/venues',
})
