import { richTextField } from '../../fields/richText'
import { slugSetCollection } from '../slugSetCollection'

export const Works = slugSetCollection({
  slug: 'works',
  singular: 'Work',
  plural: 'Works',
  group: 'Listings',
  urlPrefix: '/works',
  description: 'The plays, operas, pieces and shows that events stage.',
  fields: [richTextField({ name: 'description', label: 'Synopsis' })],
  custom: {
    searchable: true,
    tenantOwned: true,
    redirectTarget: true,
    customAttributes: true,
    partner: {
      path: 'works',
      schema: 'Work',
      tag: 'Works',
      sample: {
        create: (tag) => ({ title: `Record ${tag}` }),
        update: { themeTemplate: 'updated' },
      },
    },
  },
})
