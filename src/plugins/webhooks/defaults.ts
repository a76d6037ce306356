import { changeEvents } from '../changeLog/exports'

/**
 * The webhook facts and option defaults, each defined here once. The retry schedule is the
 * Standard Webhooks recommendation: after the first attempt, 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h and 10 h, about 28 hours in all.
 */
export type WebhookOptions = {
  /** Waits before each retry, in order; a delivery that fails them all is given up. */
  retryDelaysMs: readonly number[]
  /** A subscription whose deliveries have failed this long without one success is paused. */
  pauseAfterMs: number
  /** One attempt, connect to last byte. */
  timeoutMs: number
  /** Deliveries one app instance makes at once. */
  concurrency: number
  /**
   * Deliveries one tenant may have on their way at once, across every instance: a tenant whose
   * receiver hangs holds this many slots, never all of them. Unset: `inFlightPerTenant`.
   */
  perTenantInFlight?: number
  /** Test messages one tenant may ask for a minute (partner route and admin together). */
  testsPerMinute: number
  /** A paused subscription's waiting messages expire this long after it was paused. */
  pausedExpiryMs: number
  /**
   * Messages one subscription may have waiting or on their way; at this many it is paused (its
   * receiver is not keeping up) instead of queueing more.
   */
  backlogPerSubscription: number
  /** How often due retries are looked for when no change wakes the worker. */
  pollIntervalMs: number
  /** Private `host:port`s a target may point at (a test's receiver, an internal service). */
  allowedHosts: readonly string[]
  /** Plain-http targets: allowed outside production only. */
  allowHttp: boolean
  /** Whether this instance runs a delivery worker (instances that only serve may not). */
  deliver: boolean
  /** Subscriptions one tenant may hold: each change is sent once per subscription. */
  perTenant: number
  /** Days a finished delivery (sent or given up) stays in the log; 0 keeps them all. */
  logRetentionDays: number
}

const second = 1000
const minute = 60 * second
const hour = 60 * minute

export const optionDefaults: WebhookOptions = {
  retryDelaysMs: [5 * second, 5 * minute, 30 * minute, 2 * hour, 5 * hour, 10 * hour, 10 * hour],
  pauseAfterMs: 24 * hour,
  timeoutMs: 10 * second,
  concurrency: 4,
  testsPerMinute: 10,
  pausedExpiryMs: 3 * 24 * hour,
  backlogPerSubscription: 10_000,
  pollIntervalMs: second,
  allowedHosts: [],
  allowHttp: true,
  deliver: true,
  perTenant: 20,
  logRetentionDays: 30,
}

/** Half an instance's slots, rounded up: another tenant always finds one free. */
export const inFlightPerTenant = (concurrency: number): number =>
  Math.max(1, Math.ceil(concurrency / 2))

/**
 * An instance's slots that deliveries to failing subscriptions (and paused ones' test messages)
 * may hold together: half, rounded down, so receivers that answer always find one free.
 */
export const failingSlots = (concurrency: number): number =>
  Math.max(1, Math.floor(concurrency / 2))

/**
 * A subscription's due messages one claim looks at, oldest first: those blocked behind an
 * earlier message of their record are skipped, and a backlog beyond this waits its turn, so a
 * claim's cost does not grow with a backlog.
 */
export const claimScanPerSubscription = 100

/** How long a delivery this server was too busy to send waits before it is tried again. */
export const serverBusyWaitMs = 5_000

/** Longest a claim may run: it holds the lock every instance's claim waits for. */
export const claimTimeoutMs = 5_000

/** How often each instance removes deliveries older than the log's retention. */
export const logPruneIntervalMs = 60 * 60 * 1000

/** What a delivery's answer keeps of the receiver's body, for the delivery log. */
export const excerptChars = 500

/** Attempts kept in a delivery's log (a day of retries is 8). */
export const logLength = 20

/** The events a subscription may ask for (the change log's); none asked means all. */
export const recordEvents = changeEvents

/** The event type of the test message a subscription can be sent by hand. */
export const testEventType = 'webhook.test'

/** A record event's type in the message: `record.created`, `record.updated`, … */
export const recordEventType = (event: string): string => `record.${event}`
