import { apiVersion, partnerBasePath } from '../defaults'

/** The prose part of the document: what a partner needs before the first call. */
export const describeApi = ({
  rateLimit,
}: {
  rateLimit: number
}): string => `Partner API of the Arts CMS, version ${apiVersion}.

**Tenancy.** Every path starts with a tenant slug: \`/{tenant}/events\`. A key reaches only the tenants it is bound to (403 elsewhere); another tenant's record answers 404 exactly as a missing one, and a reference to one is a 400.

**Keys.** \`Authorization: Bearer <key>\`. A key reads (\`read\`) or reads and writes (\`write\`); tenant admins make and revoke keys. No or an unknown key: 401.

**Errors.** \`application/problem+json\` (RFC 9457): \`type\`, \`title\`, \`status\`, \`detail\`, and for invalid input \`errors\` naming each field. 400 bad input, 401, 403, 404, 405, 409 conflict (duplicate id or slug), 412 stale If-Match, 413 too large, 415 wrong content type, 429 too many requests (each key has a number of requests a minute${rateLimit > 0 ? `, ${rateLimit} unless the key has its own` : ''}, and requests without a valid key are limited per client address; a tenant past its fair share of shared work, searches, Markdown conversions, image processing or event lists, is told so itself; with Retry-After), 503 database away or the server busy with every tenant's work (with Retry-After). Bad input never changes anything.

**Search.** Lists of kinds with text (events, works, people, venues, organizations, seasons, series, pages, blogs) take \`search\`: words found in titles, rich text and page blocks of the tenant's records (PostgreSQL full-text search, whole words; in the language the tenant sets, other forms of a word match too: \`singing\` finds \`sings\`), best match first unless \`sort\` is given, combined with \`where\` and paged by \`page\`.

**Rich text.** Rich text fields are Lexical editor states, answered with their HTML beside them (\`descriptionHtml\` for \`description\`): internal links point at the linked record's current \`url\`, pictures carry alt text and caption, and nothing in it runs script. Writes take the Lexical state, or Markdown in its place (\`descriptionMarkdown\`), made into the same state by the editor's converter; links and pictures must name records of the same tenant.

**Pagination.** \`limit\` (1–100, default 10) and \`page\` (from 1); answers carry \`totalDocs\`, \`totalPages\`, \`hasNextPage\`, \`nextPage\` (null on the last page), and the rest of the envelope. For deep pages, pass an answer's \`nextCursor\` back as \`cursor\` (instead of \`page\`): the next page is then read from an index, as fast at page 500 as at page 2.

**Caching and concurrent edits.** Every read answers an \`ETag\`; send it back as \`If-None-Match\` and an unchanged answer is 304 with no body. Send a record's \`ETag\` as \`If-Match\` on PATCH or DELETE and the change is made only if nobody changed the record since (412 otherwise, and nothing changes). A write is visible to the next read, on every server, within moments.

**Filtering and sorting.** \`where\` in Payload's syntax, bracket notation (\`where[title][like]=hamlet\`, \`where[or][0][slug][equals]=a\`) or a JSON string, on declared fields only, with the operators equals, not_equals, in, not_in, like, contains, exists, greater_than, greater_than_equal, less_than, less_than_equal. \`sort\` names a declared field, \`-\` for descending; default \`-createdAt\`.

**Writes.** JSON bodies; unknown fields and wrong types are refused. \`tenant\`, \`createdAt\`, \`updatedAt\` and derived fields are set by the server. A create may carry its own \`id\` (a UUID): a retried create then answers 409 instead of duplicating. Media are created from \`multipart/form-data\` with \`file\`, or from JSON with \`src\`, a public http(s) URL the server fetches.

**Reference.** This document is rendered for reading at \`${partnerBasePath}/docs\`; \`?format=openapi3.0\` and \`?format=swagger2.0\` give it for older tools.

**Versioning.** The version is part of the path (\`/api/partners/${apiVersion}\`). Within a version, fields and operations are only added, never removed or changed in meaning; this document, generated from the running server, shows additions at once. A breaking change comes as a new dated version, with the old one kept running for at least twelve months.`
