import { slugSetCollection } from '../slugSetCollection'

export const People = slugSetCollection({
  slug: 'people',
  singular: 'Person',
  plural: 'People',
  group: 'Places & people',
  urlPrefix: '/people',
  description: 'Artists, creatives and staff.',
})
