/** How often each instance looks for due scheduled changes, unless set. */
export const pollIntervalMs = 10_000

/** How far ahead a partner may schedule a change. */
export const maxLeadDays = 5 * 366

export const scheduleActions = ['publish', 'unpublish'] as const
export type ScheduleAction = (typeof scheduleActions)[number]

/** Payload's task for scheduled publishing, and the name of the lock only one runner holds. */
export const publishTask = 'schedulePublish'
export const runnerLock = 'payload-jobs runner'
