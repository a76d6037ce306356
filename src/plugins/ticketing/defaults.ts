import type { ProviderName } from './types'

/**
 * The `context` a sync's own writes carry: the lock hooks let them change the box office's
 * fields, and nothing counts them as an editor's edit.
 */
export const syncContext = { ticketingSync: true } as const

export const isSyncWrite = (context: Record<string, unknown> | undefined): boolean =>
  context?.ticketingSync === true

// Connections, runs and the runner (engineer A's part of the plugin).

export type TicketingOptions = {
  /** Private `host:port`s a connection's `baseUrl` or custom domain may point at (a stand-in). */
  allowedHosts: readonly string[]
  /** How often each instance looks for queued runs, runs left by a dead instance, and schedules. */
  pollMs: number
  /** How long one run may take, provider calls and writes included. */
  runDeadlineMs: number
  /** Days a finished run is kept; 0 keeps them all. */
  runRetentionDays: number
  /** How long one availability refresh may take: a few calls and writes. */
  availabilityDeadlineMs: number
  /** Hours a finished availability refresh is kept (one every few minutes); 0 keeps them all. */
  availabilityRetentionHours: number
  /** One provider call, connect to last byte. */
  httpTimeoutMs: number
  /** The most a provider's answer (a list) may hold. */
  maxResponseBytes: number
  /** Connections one tenant may hold. */
  perTenant: number
  /** The most events, and performances, one run takes; a window holding more fails the run. */
  maxRecords: number
  /** Whether this instance runs syncs (instances that only serve may not). */
  run: boolean
}

const second = 1000
const minute = 60 * second

export const optionDefaults: TicketingOptions = {
  allowedHosts: [],
  pollMs: 5 * second,
  runDeadlineMs: 15 * minute,
  runRetentionDays: 30,
  availabilityDeadlineMs: 2 * minute,
  availabilityRetentionHours: 24,
  httpTimeoutMs: 20 * second,
  maxResponseBytes: 32 * 1024 * 1024,
  perTenant: 10,
  maxRecords: 20_000,
  run: true,
}

/** What editors call each box office. */
export const providerLabels: Record<ProviderName, string> = {
  spektrix: 'Spektrix',
  tessitura: 'Tessitura',
  lineup: 'Line-Up',
  elevent: 'Elevent',
}

/** The providers a connection may name, with what the admin calls them. */
export const providers = [
  { label: 'Spektrix', value: 'spektrix' },
  { label: 'Tessitura', value: 'tessitura' },
  { label: 'Line-Up', value: 'lineup' },
  { label: 'Elevent', value: 'elevent' },
] as const satisfies readonly { label: string; value: ProviderName }[]

/** Box offices whose connection holds only what their booking links are built from. */
export const linkOnlyProviders: readonly ProviderName[] = ['elevent']

/** The kinds of run: a full sync, and the short refresh of availability alone. */
export const runKinds = ['sync', 'availability'] as const

/** Where Spektrix's API and booking pages are unless a connection says otherwise. */
export const spektrixBaseUrl = 'https://system.spektrix.com'

/** Where Line-Up's API is unless a connection says otherwise. */
export const lineupBaseUrl = 'https://api.line-up.tickets/api'

/** The credentials each provider may use, by name: sealed at rest, never answered. */
export const providerCredentials = {
  spektrix: ['apiUser', 'apiKey'],
  // TessituraService's HTTP Basic user is `userName:userGroup:machineLocation`.
  tessitura: ['userName', 'userGroup', 'machineLocation', 'password'],
  lineup: ['apiKey'],
  elevent: [],
} as const satisfies Record<ProviderName, readonly string[]>

/** What the admin calls each credential. */
export const credentialLabels: Record<string, string> = {
  apiUser: 'API user',
  apiKey: 'API key',
  userName: 'User name',
  userGroup: 'User group',
  machineLocation: 'Machine location',
  password: 'Password',
}

/** What keeps the key sealing connection credentials apart from other sealed secrets'. */
export const credentialPurpose = 'ticketing-credentials'

/** The statuses of a run; the first two are "under way": at most one per connection. */
export const runStatuses = ['queued', 'running', 'succeeded', 'failed'] as const

/** A running run whose heartbeat is older than this was left by an instance that went away. */
export const staleAfterMs = 2 * minute

/** How often a running run's heartbeat is written while the engine works. */
export const heartbeatEveryMs = 20 * second

/** A run taken up this many times without finishing is given up. */
export const maxAttempts = 3

/** The shortest schedule: a box office is not polled more often than this. */
export const minSyncEveryMinutes = 5

/** How often each instance removes finished runs past their retention. */
export const pruneEveryMs = 60 * minute
