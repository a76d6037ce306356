import { AsyncLocalStorage } from 'node:async_hooks'

import { replicaState, type Replica } from './replicaState'

/** The tenant whose reads may come from a replica, for the work running now. */
const replicaReads = new AsyncLocalStorage<{ tenant: string }>()

/**
 * Runs `work` with its reads of `tenant`'s records allowed on a replica. Everything else, and
 * everything outside such work (writes, transactions, locks, key lookups, the change feed,
 * workers), stays on the primary: a read is sent to a replica only where it was asked for.
 */
export const readingFromReplicas = <T>({
  tenant,
  work,
}: {
  tenant: string
  work: () => Promise<T>
}): Promise<T> => replicaReads.run({ tenant }, work)

/** Whether any replica is configured: only then does a read need to know the latest commits. */
export const hasReplicas = (): boolean => replicaState().replicas.length > 0

/**
 * A tenant's write committed (here, or on another instance whose NOTIFY arrived): its reads
 * stay on the primary until a replica is known to have replayed past this moment.
 */
export const noteCommit = (tenant: string): void => {
  replicaState().commits.set(tenant, Date.now())
}

/**
 * Whether every instance's commits are being heard. While they are not, a commit elsewhere
 * could go unnoticed, so no read goes to a replica; when hearing begins again, every tenant
 * waits for a replica to replay past that moment.
 */
export const hearingCommits = (hearing: boolean): void => {
  const state = replicaState()
  if (hearing) state.hearingSince = Date.now()
  state.hearing = hearing
}

/** A replica's latest probe is too old to trust after this many probe intervals. */
const staleProbes = 3

/**
 * The replica the current read should use, or `undefined` for the primary: only inside
 * `readingFromReplicas`, only a healthy replica probed lately, and only one that has replayed
 * everything the tenant has committed (read-your-writes).
 */
export const replicaForRead = (): Replica | undefined => {
  const reading = replicaReads.getStore()
  const state = replicaState()
  if (!reading || !state.hearing || state.replicas.length === 0) return undefined
  const since = Math.max(state.commits.get(reading.tenant) ?? 0, state.hearingSince)
  const now = Date.now()
  const usable = state.replicas.filter(
    (replica) =>
      replica.healthy &&
      replica.caughtUpAt > since &&
      now - replica.probedAt < state.probeMs * staleProbes,
  )
  if (usable.length === 0) return undefined
  state.turn = (state.turn + 1) % usable.length
  return usable[state.turn]
}

/**
 * Forgets commits every replica has replayed past: they no longer decide anything. The map
 * holds at most one entry a tenant either way.
 */
export const forgetReplayedCommits = (): void => {
  const { commits, replicas } = replicaState()
  const everywhere = Math.min(...replicas.map((replica) => replica.caughtUpAt))
  for (const [tenant, at] of commits) if (at < everywhere) commits.delete(tenant)
}
