/**
 * The `context` a sync's own writes carry: the lock hooks let them change the box office's
 * fields, and nothing counts them as an editor's edit.
 */
export const syncContext = { ticketingSync: true } as const

export const isSyncWrite = (context: Record<string, unknown> | undefined): boolean =>
  context?.ticketingSync === true
