/** How often each instance looks for due scheduled changes, unless set. */
export const pollIntervalMs = 10_000

/**
 * Changes one tenant may have waiting: the runner works through every tenant's due changes in
 * turn, so one tenant's flood must not hold back the others' publishes.
 */
export const maxWaitingPerTenant = 500

/** Changes the runner takes at once; it goes on until none is due. */
export const runBatch = 100

/** How far ahead a partner may schedule a change. */
export const maxLeadDays = 5 * 366

export const scheduleActions = ['publish', 'unpublish'] as const
export type ScheduleAction = (typeof scheduleActions)[number]

/** Payload's task for scheduled publishing, and the name of the lock only one runner holds. */
export const publishTask = 'schedulePublish'
export const runnerLock = 'payload-jobs runner'
