import { richTextField } from '../../fields/richText'
import { slugSetCollection } from '../slugSetCollection'
import type { CollectionFacts } from '../facts'

export const People = slugSetCollection({
  slug: 'people',
  singular: 'Person',
  plural: 'People',
  group: 'Places & people',
  urlPrefix: '/people',
  description: 'Artists, creatives and staff.',
  fields: [richTextField({ name: 'description', label: 'Biography' })],
  custom: {
    linkable: true,
    searchable: true,
    tenantOwned: true,
    redirectTarget: true,
    customAttributes: true,
    partner: {
      path: 'people',
      schema: 'Person',
      tag: 'People',
    },
  } satisfies CollectionFacts,
})
