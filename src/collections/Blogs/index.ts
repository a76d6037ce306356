import { richTextField } from '../../fields/richText'
import { slugSetCollection } from '../slugSetCollection'
import type { CollectionFacts } from '../facts'

export const Blogs = slugSetCollection({
  slug: 'blogs',
  singular: 'Blog post',
  plural: 'Blog posts',
  group: 'Site',
  urlPrefix: '/blog',
  lastUsedThemeKey: false,
  fields: [
    {
      name: 'excerpt',
      type: 'textarea',
      maxLength: 500,
      admin: { description: 'A sentence or two for lists and previews.' },
    },
    richTextField({ name: 'body' }),
  ],
  custom: {
    linkable: true,
    seo: true,
    searchable: true,
    tenantOwned: true,
    redirectTarget: true,
    customAttributes: true,
    partner: {
      path: 'blogs',
      schema: 'Blog',
      tag: 'Blogs',
    },
  } satisfies CollectionFacts,
})
