import { valueAt } from '../engine/state'
import { fieldOwnership, providerPaths } from '../ownership'
import type { SyncProviderName, SyncedKind } from '../types'

type Doc = Record<string, unknown> | null | undefined

export const providerNames = Object.keys(fieldOwnership) as SyncProviderName[]

const connectedTo = (event: Doc): SyncProviderName | undefined =>
  providerNames.find((name) => (event?.[name] as Doc)?.syncConnected === true)

/** The provider whose performance this is: its ticketing system, and that system's instance id. */
export const instanceProvider = (record: Doc): SyncProviderName | undefined => {
  const system = record?.ticketingSystem as SyncProviderName | undefined
  if (!system || !providerNames.includes(system)) return undefined
  return valueAt(record, providerPaths[system].instanceId) ? system : undefined
}

/**
 * The fields of a record that only the sync may change, judged on the record alone (the
 * stored check, `storedLocks`, adds that a sync wrote it): an event's provider-owned fields
 * while it is sync-connected; a performance's while it is the provider's and its `event` is
 * connected. The admin reads the same to show them read-only.
 */
export const lockedFieldPaths = ({
  kind,
  record,
  event,
}: {
  kind: SyncedKind
  record: Doc
  /** A performance's event (its latest version); unused for events. */
  event?: Doc
}): { provider?: SyncProviderName; paths: readonly string[] } => {
  if (kind === 'events') {
    const provider = connectedTo(record)
    return provider ? { provider, paths: fieldOwnership[provider].events.provider } : { paths: [] }
  }
  const system = instanceProvider(record)
  if (!system || (event?.[system] as Doc)?.syncConnected !== true) return { paths: [] }
  return { provider: system, paths: fieldOwnership[system]['event-instances'].provider }
}
