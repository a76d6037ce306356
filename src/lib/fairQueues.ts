import { APIError } from 'payload'

import { fairShare, type FairShare, type FairShareBounds, type FairShareRefusal } from './fairShare'
import { readSettings } from './settings'

/**
 * Every shared queue and limit of the process, by name, with its bounds: each is the one
 * fair-share rule (fairShare.ts) with its own numbers. A new queue (a ticketing sync) is a
 * line here and a `fairQueue({ name })` where the work runs.
 */
export const fairQueueBounds = {
  /**
   * Partner operations under way. Each holds a pooled connection and the event loop most of
   * its time, so the process runs about as many as the pool has connections (`DB_POOL_MAX`,
   * 10: 8 at once), a tenant alone up to 6 of them, and with others active its ⌊8 / active⌋:
   * a flood gets its own backlog while another tenant's request starts on the next free
   * place. Past its waiting places a tenant is refused as its own.
   */
  requests: () => {
    const pool = readSettings().poolMax
    return {
      total: Math.max(2, pool - 2),
      perOwner: Math.max(1, Math.floor(pool * 0.6)),
      waitMs: 10_000,
      waitingPerOwner: 64,
    }
  },
  /**
   * A search holds a pooled connection while it ranks (a broad one re-reads many rows' text):
   * a tenant alone takes half the places, so others' searches still start at once.
   */
  search: () => ({ total: 4, perOwner: 2, waitMs: 2_000, waitingPerOwner: 8 }),
  /**
   * The Markdown worker converts one body at a time, each within its budget: a tenant has one
   * waiting, and its next conversion comes after every other tenant's turn.
   */
  markdown: () => ({ total: 1, waitMs: 10_000, waitingPerOwner: 1 }),
  /**
   * Decoding and resizing an image takes a core and up to a few hundred megabytes; a waiting
   * upload holds a database connection (its transaction is open), so few may wait.
   * `IMAGE_CONCURRENCY` 0 leaves images unbounded.
   */
  images: () => {
    const total = readSettings().imageConcurrency
    // A waiting upload holds its transaction's connection: in all, far fewer wait than the
    // pool has (`DB_POOL_MAX`, 10), so uploads can never take the pool from everything else.
    return {
      total: total > 0 ? total : Infinity,
      waitMs: 15_000,
      waitingPerOwner: 2,
      waitingTotal: 4,
    }
  },
  /** An upcoming event-list statement reads a tenant's events and performances whole. */
  eventLists: () => ({ total: 4, perOwner: 2, waitMs: 2_000, waitingPerOwner: 16 }),
  /**
   * Outbound name lookups (webhook targets, media `src`): one tenant's names whose servers
   * never answer hold only its own places until their deadline; a burst waits a moment.
   */
  lookups: () => ({ total: 32, perOwner: 4, waitMs: 1_000, waitingPerOwner: 8 }),
  /**
   * Each scheduling holds a connection for the tenant's lock and another to count and queue,
   * so their number is far below the pool's (across instances the lock orders them).
   */
  scheduling: () => ({ total: 2, perOwner: 1, waitMs: 5_000, waitingPerOwner: 8 }),
  /**
   * A box-office sync reads a provider's whole window and writes record by record for minutes:
   * a process runs two, one per tenant, and its runner claims a run only when a place is free.
   */
  ticketing: () => ({ total: 2, perOwner: 1, waitMs: 60_000, waitingPerOwner: 1 }),
  /**
   * Availability refreshes (a few calls and writes, within two minutes) have places of their
   * own: two long full syncs never hold up a five-minute refresh. Two at once, one per tenant.
   */
  ticketingLive: () => ({ total: 2, perOwner: 1, waitMs: 60_000, waitingPerOwner: 1 }),
} satisfies Record<string, () => FairShareBounds>

export type FairQueueName = keyof typeof fairQueueBounds

// Next bundles a module once per server entry, each with its own module state: the queues live
// on `globalThis` so the process has one of each, as the bounds say.
const registryKey = Symbol.for('arts-cms.fairQueues')

/** The process's queue of that name, made with its bounds when first asked for. */
export const fairQueue = ({ name }: { name: FairQueueName }): FairShare => {
  const holder = globalThis as { [registryKey]?: Map<FairQueueName, FairShare> }
  const queues = (holder[registryKey] ??= new Map())
  let queue = queues.get(name)
  if (!queue) {
    queue = fairShare(fairQueueBounds[name]())
    queues.set(name, queue)
  }
  return queue
}

/**
 * The answer to a refusal, the same for every queue: over its own share the tenant is told
 * to slow down (429); over everyone's, that the server is busy (503). The partner API answers
 * both as problem+json with Retry-After (http/payloadErrors.ts).
 */
export const fairRefusal = ({
  over,
  work,
}: FairShareRefusal & {
  /** The work, plural, as the message names it ("searches"). */
  work: string
}): APIError =>
  over === 'owner'
    ? new APIError(
        `This tenant has as many ${work} under way and waiting as it may; retry shortly.`,
        429,
      )
    : new APIError(`The server is running as many ${work} as it takes at once; retry shortly.`, 503)
