import { richTextField } from '../../fields/richText'
import { slugSetCollection } from '../slugSetCollection'
import type { CollectionFacts } from '../facts'

export const Works = slugSetCollection({
  slug: 'works',
  singular: 'Work',
  plural: 'Works',
  group: 'Listings',
  urlPrefix: '/works',
  description: 'The plays, operas, pieces and shows that events stage.',
  fields: [richTextField({ name: 'description', label: 'Synopsis' })],
  custom: {
    linkable: true,
    seo: true,
    searchable: true,
    tenantOwned: true,
    redirectTarget: true,
    customAttributes: true,
    partner: {
      path: 'works',
      schema: 'Work',
      tag: 'Works',
    },
  } satisfies CollectionFacts,
})
