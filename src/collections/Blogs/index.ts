import { slugSetCollection } from '../slugSetCollection'

export const Blogs = slugSetCollection({
  slug: 'blogs',
  singular: 'Blog post',
  plural: 'Blog posts',
  group: 'Site',
  urlPrefix: '/blog',
  lastUsedThemeKey: false,
})
