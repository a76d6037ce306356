import type { Payload, PayloadRequest } from 'payload'

/**
 * What the ticketing plugin's parts hand each other: the connection as the engine reads it
 * (credentials opened), a run as the runner asks for it, and what the engine answers.
 */

/** Every box office a connection may name. */
export type ProviderName = 'spektrix' | 'tessitura' | 'lineup' | 'elevent'

/**
 * The box offices the engine reads. Elevent publishes no API that can be read: its connection
 * only holds the shop address its booking links are built from.
 */
export type SyncProviderName = Exclude<ProviderName, 'elevent'>

/** A full sync reads the catalogue; an availability run refreshes only the `live` fields. */
export type RunKind = 'sync' | 'availability'

/** A tenant's connection, as the engine reads it: credentials already opened. */
export type Connection = {
  id: string
  tenantId: string
  provider: SyncProviderName
  /** The provider's settings, by the names in `providerSettings` (`defaults.ts`). */
  settings: Record<string, string | undefined>
  /** Opened credentials; empty when the provider needs none. Never leaves the server. */
  credentials: Record<string, string>
  /** How far ahead performances are imported, in days from today. */
  daysAhead: number
  importNewEvents: boolean
  /** `syncToPublished` of events this connection imports. */
  syncToPublished: boolean
  /** The share (percent) of known future performances a run may hide without a confirmed run. */
  removalLimitPercent: number
  /** How far ahead an availability run refreshes, in days from now. */
  availabilityDaysAhead: number
}

export type SyncCounts = {
  created: number
  updated: number
  unchanged: number
  cancelled: number
  removed: number
  failed: number
}

export type SyncedKind = 'events' | 'event-instances'

/** One record the run could not write, or could not read from the provider. */
export type RecordError = {
  kind: SyncedKind
  externalId: string
  recordId?: string
  message: string
}

/** One field a run changes (or would): its old and new values as partners read them. */
export type FieldChange = { field: string; from: unknown; to: unknown }

/** One step of a run's plan: what a dry run answers, and what a real run does. */
export type PlanEntry = {
  action: 'create' | 'update' | 'cancel' | 'remove'
  kind: SyncedKind
  externalId: string
  /** The CMS record, except for a create. */
  recordId?: string
  title?: string
  changes: FieldChange[]
}

/** A run as the runner hands it to the engine. */
export type RunRequest = {
  runId: string
  connection: Connection
  dryRun: boolean
  /** Go ahead although the run hides more than the connection's removal limit. */
  confirmRemovals: boolean
  /** Epoch ms by which the run must be over, provider calls and writes included. */
  deadline: number
  /** Tells other instances the run is alive; the runner calls it between records too. */
  heartbeat: () => Promise<void>
  /**
   * Takes the run's row for the rest of `req`'s transaction, or throws once the run is no
   * longer this claim's: every write transaction starts with it, so a run taken up elsewhere
   * writes nothing more, and the taking up waits for the writes under way. Absent when the
   * engine runs without a claim (a test calling it directly).
   */
  holdClaim?: (req: PayloadRequest) => Promise<void>
}

export type RunOutcome = {
  status: 'succeeded' | 'failed'
  counts: SyncCounts
  errors: RecordError[]
  /** A dry run's plan; a real run's steps as done. */
  plan: PlanEntry[]
  /** Why the run failed, in words for an editor. */
  message?: string
  /** The run stopped before writing because it would hide too much; a confirmed run may go on. */
  needsConfirmation?: boolean
}

export type ExecuteSync = (args: { payload: Payload; run: RunRequest }) => Promise<RunOutcome>

export const noCounts = (): SyncCounts => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  cancelled: 0,
  removed: 0,
  failed: 0,
})
