import { richTextField } from '../../fields/richText'
import { slugSetCollection } from '../slugSetCollection'
import type { CollectionFacts } from '../facts'

export const Seasons = slugSetCollection({
  slug: 'seasons',
  singular: 'Season',
  plural: 'Seasons',
  group: 'Listings',
  urlPrefix: '/seasons',
  fields: [richTextField({ name: 'description' })],
  custom: {
    linkable: true,
    searchable: true,
    tenantOwned: true,
    redirectTarget: true,
    customAttributes: true,
    partner: {
      path: 'seasons',
      schema: 'Season',
      tag: 'Seasons',
    },
  } satisfies CollectionFacts,
})
