import { richTextField } from '../../fields/richText'
import { slugSetCollection } from '../slugSetCollection'

export const Organizations = slugSetCollection({
  slug: 'organizations',
  singular: 'Organisation',
  plural: 'Organisations',
  group: 'Places & people',
  urlPrefix: '/organizations',
  description: 'Companies, ensembles, producers and partners.',
  fields: [richTextField({ name: 'description' })],
  custom: {
    searchable: true,
    tenantOwned: true,
    redirectTarget: true,
    customAttributes: true,
    partner: {
      path: 'organizations',
      schema: 'Organization',
      tag: 'Organizations',
      sample: {
        create: (tag) => ({ title: `Record ${tag}` }),
        update: { themeTemplate: 'updated' },
      },
    },
  },
})
