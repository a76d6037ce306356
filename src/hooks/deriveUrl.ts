import type { CollectionBeforeChangeHook } from 'payload'

/** `url` is the kind's public path prefix and the slug: `/events/hamlet`. */
export const deriveUrl =
  ({ prefix }: { prefix: string }): CollectionBeforeChangeHook =>
  ({ data, originalDoc }) => {
    const slug = data.slug ?? originalDoc?.slug
    if (typeof slug === 'string' && slug) data.url = `${prefix}/${slug}`
    return data
  }
