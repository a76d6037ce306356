import { slugSetCollection } from '../slugSetCollection'

export const Organizations = slugSetCollection({
  slug: 'organizations',
  singular: 'Organisation',
  plural: 'Organisations',
  group: 'Places & people',
  urlPrefix: '/organizations',
  description: 'Companies, ensembles, producers and partners.',
})
