import { richTextField } from '../../fields/richText'
import { slugSetCollection } from '../slugSetCollection'
import type { CollectionFacts } from '../facts'

export const Organizations = slugSetCollection({
  slug: 'organizations',
  // "Organisations" are the tenants, the organisations using the CMS (the selector, the lists'
  // column): these are the companies their programmes name.
  singular: 'Company',
  plural: 'Companies',
  group: 'Places & people',
  urlPrefix: '/organizations',
  description: 'Companies, ensembles, producers and partners.',
  fields: [richTextField({ name: 'description' })],
  custom: {
    linkable: true,
    searchable: true,
    tenantOwned: true,
    redirectTarget: true,
    customAttributes: true,
    partner: {
      path: 'organizations',
      schema: 'Organization',
      tag: 'Organizations',
    },
  } satisfies CollectionFacts,
})
