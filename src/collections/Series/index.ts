import { richTextField } from '../../fields/richText'
import { slugSetCollection } from '../slugSetCollection'
import type { CollectionFacts } from '../facts'

export const Series = slugSetCollection({
  slug: 'series',
  singular: 'Series',
  plural: 'Series',
  group: 'Listings',
  urlPrefix: undefined,
  description:
    'Recurring strands of events. Series have no public page of their own, hence no url.',
  fields: [richTextField({ name: 'description' })],
  custom: {
    linkable: true,
    searchable: true,
    tenantOwned: true,
    redirectTarget: true,
    customAttributes: true,
    partner: {
      path: 'series',
      schema: 'Series',
      tag: 'Series',
    },
  } satisfies CollectionFacts,
})
