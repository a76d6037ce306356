import { slugSetCollection } from '../slugSetCollection'

export const Works = slugSetCollection({
  slug: 'works',
  singular: 'Work',
  plural: 'Works',
  group: 'Listings',
  urlPrefix: '/works',
  description: 'The plays, operas, pieces and shows that events stage.',
})
