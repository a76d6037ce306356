import type { Payload } from 'payload'

// Next bundles a module once per server entry: the runner a route wakes is kept on the
// Payload instance under a global symbol, so every copy of this module finds the same one.
const runnerKey = Symbol.for('arts-cms.ticketingRunner')

type Holder = { [runnerKey]?: () => void }

/** Records how to wake this instance's runner (it polls anyway; a wake starts a run at once). */
export const registerRunner = ({ payload, wake }: { payload: Payload; wake: () => void }) => {
  ;(payload as unknown as Holder)[runnerKey] = wake
}

/** Tells this instance's runner a run was queued; nothing when this instance runs no syncs. */
export const wakeRunner = (payload: Payload): void => {
  ;(payload as unknown as Holder)[runnerKey]?.()
}
