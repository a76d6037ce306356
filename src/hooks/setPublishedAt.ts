import type { CollectionBeforeChangeHook } from 'payload'

/** `publishedAt` is the moment of the first publication, kept through later edits. */
export const setPublishedAt: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  if (data._status === 'published' && !data.publishedAt && !originalDoc?.publishedAt) {
    data.publishedAt = new Date().toISOString()
  }
  return data
}
