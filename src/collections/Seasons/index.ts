import { richTextField } from '../../fields/richText'
import { slugSetCollection } from '../slugSetCollection'

export const Seasons = slugSetCollection({
  slug: 'seasons',
  singular: 'Season',
  plural: 'Seasons',
  group: 'Listings',
  urlPrefix: '/seasons',
  fields: [richTextField({ name: 'description' })],
  custom: {
    searchable: true,
    tenantOwned: true,
    redirectTarget: true,
    customAttributes: true,
    partner: {
      path: 'seasons',
      schema: 'Season',
      tag: 'Seasons',
      sample: {
        create: (tag) => ({ title: `Record ${tag}` }),
        update: { themeTemplate: 'updated' },
      },
    },
  },
})
