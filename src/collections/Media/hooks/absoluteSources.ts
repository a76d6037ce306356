import type { CollectionAfterReadHook } from 'payload'

import { readSettings } from '../../../lib/settings'

const absolute = (url: unknown): string | null => {
  if (typeof url !== 'string' || !url) return null
  return url.startsWith('/') ? `${readSettings().serverUrl}${url}` : url
}

/** `src` and `src_opengraph` are the absolute addresses of the original and its OG size. */
export const absoluteSources: CollectionAfterReadHook = ({ doc }) => {
  // Payload builds the thumbnail's address from the stored one; the size's own is read now
  // (with MEDIA_PUBLIC_URL it may point elsewhere than when the file was stored).
  if (doc.sizes?.thumbnail?.url) doc.thumbnailURL = doc.sizes.thumbnail.url
  doc.src = absolute(doc.url)
  doc.src_opengraph = absolute(doc.sizes?.opengraph?.url)
  return doc
}
