import { hash } from 'node:crypto'

/**
 * A strong tag of the answer's bytes: the same answer has the same tag on every instance. In
 * one call: a Hash object costs every uncached read another lookup of the algorithm.
 */
export const etagOf = (body: string | Uint8Array): string =>
  `"${hash('sha256', body, 'base64url').slice(0, 27)}"`

const tagsIn = (header: string): string[] =>
  header
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean)

/** `If-None-Match`: weak comparison (RFC 9110 13.1.2), `*` matches any. */
export const noneMatch = ({ header, etag }: { header: string | null; etag: string }): boolean =>
  header !== null && tagsIn(header).some((tag) => tag === '*' || tag.replace(/^W\//, '') === etag)

/** `If-Match`: strong comparison (RFC 9110 13.1.1); a weak tag never matches. */
export const matches = ({ header, etag }: { header: string; etag: string }): boolean =>
  tagsIn(header).some((tag) => tag === '*' || tag === etag)
