import type { Where } from 'payload'

/**
 * What "published" is, once: Payload's own `_status` of a collection with drafts. A record is
 * live while its collection's row says so (a draft save writes the versions table only).
 */
export const publishedStatus = 'published'

/** The condition that keeps only published records. */
export const publishedOnly: Where = { _status: { equals: publishedStatus } }

/** Whether a document, or a stored row's status, is published. */
export const isPublished = (status: unknown): boolean => status === publishedStatus
