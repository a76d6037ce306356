import { richTextField } from '../../fields/richText'
import { slugSetCollection } from '../slugSetCollection'

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
    searchable: true,
    tenantOwned: true,
    redirectTarget: true,
    customAttributes: true,
    partner: {
      path: 'blogs',
      schema: 'Blog',
      tag: 'Blogs',
      sample: {
        create: (tag) => ({ title: `Record ${tag}` }),
        update: { themeTemplate: 'updated' },
      },
    },
  },
})
