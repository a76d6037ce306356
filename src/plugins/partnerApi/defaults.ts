import type { GuestAccess, KeyRetirement, PartnerRoute } from './types'

/**
 * The partner API's fixed facts and its option defaults, each defined here once: the dated
 * version in every path, where it is mounted (the Next route folders
 * `src/app/(partners)/api/partners/<version>/` serve it, so a new version is a new folder), the
 * list defaults the document states, and the limits an installation may change.
 */
export const apiVersion = '2025-07'
export const partnerBasePath = `/api/partners/${apiVersion}`

/** Paths the partner base serves itself, beside the route table: no kind or tenant may take them. */
export const partnerOwnPaths: readonly string[] = ['openapi', 'docs']

/** All of a tenant's keyless readers together may make this many times one key's requests. */
export const guestsPerKeyLimit = 10

/** Records one batch create may hold; each counts against the key's rate limit as a request. */
export const batchLimit = 200

export const listDefaults = { limit: 10, maxLimit: 100, sort: '-createdAt' } as const

/** What an installation may set on `partnerApi({ … })`; anything left out takes `optionDefaults`. */
export type PartnerApiOptions = {
  /** Largest JSON body a partner may send (413 above). */
  bodyLimitBytes: number
  /** Requests a key may make a minute unless the key sets its own; 0 turns the limit off. */
  rateLimitPerMinute: number
  /** Requests without a valid key one client address may make a minute; 0 turns it off. */
  failedAuthPerMinute: number
  /** API keys one tenant may hold. */
  keysPerTenant: number
  /** Origins a browser may call the API from; `*` for any. */
  corsOrigins: readonly string[]
  /** Fetching a media `src`: the whole fetch's time-out, and private `host:port`s allowed. */
  mediaFetch: { timeoutMs: number; allowedHosts: readonly string[] }
  /**
   * The read cache of list and retrieve answers: on or off (off, every answer comes from
   * PostgreSQL and is byte for byte the same), the bytes it may hold in each process, and how
   * long an answer may be kept at most (a write outside Payload, such as SQL by hand, is seen
   * by then at the latest).
   */
  cache: { enabled: boolean; maxBytes: number; ttlMs: number }
  /**
   * Reads of kinds whose answer is columns of one table select those columns themselves
   * (`reads/`, with Payload's query builder and read access) instead of through Payload's
   * `find`; off, Payload reads everything.
   * Either way the answers are the same bytes.
   */
  sqlReads: boolean
  /**
   * The bytes each process may hold of records remembered by their rows' text
   * (`records/remembered.ts`): a list made of rows it has seen before takes their answers as
   * made; 0 makes every record afresh. Either way the answers are the same bytes.
   */
  rememberedRecordBytes: number
  /**
   * Routes other plugins serve under the partner base (the change feed, webhooks, scheduled
   * changes), each a whole declaration: matched, authorized, read and documented like a
   * record kind's.
   */
  routes: readonly PartnerRoute[]
  /** What other plugins do when a key is revoked or deleted, in order. */
  keyRetirement: readonly KeyRetirement[]
  /**
   * Who may retrieve a record of a kind without a key, by the kind's path: a shared draft
   * preview. The kind's retrieve route takes the rule as its `guest`.
   */
  guestReads: Readonly<Record<string, GuestAccess>>
}

export const optionDefaults: PartnerApiOptions = {
  bodyLimitBytes: 1_048_576,
  rateLimitPerMinute: 600,
  failedAuthPerMinute: 120,
  keysPerTenant: 50,
  corsOrigins: ['*'],
  mediaFetch: { timeoutMs: 10_000, allowedHosts: [] },
  cache: { enabled: true, maxBytes: 64 * 1_048_576, ttlMs: 300_000 },
  sqlReads: true,
  rememberedRecordBytes: 64 * 1_048_576,
  routes: [],
  keyRetirement: [],
  guestReads: {},
}
