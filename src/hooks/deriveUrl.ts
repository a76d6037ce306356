import type { CollectionBeforeChangeHook } from 'payload'

/** `url` is the kind's public path prefix and the slug: `/events/hamlet`. */
export const deriveUrl = ({ prefix }: { prefix: string }): CollectionBeforeChangeHook =>
  // Named: `Server-Timing` and the bench's step table call a hook by its function's name.
  function deriveUrl({ data, originalDoc }) {
    const slug = data.slug ?? originalDoc?.slug
    if (typeof slug === 'string' && slug) data.url = `${prefix}/${slug}`
    return data
  }
