/**
 * The ticketing plugin's public surface: the plugin, its partner routes, the tables and index
 * it adds to the schema, and what the admin and the tests need. The plugin itself is `index.ts`.
 */
export { ticketing } from './index'
export { ticketingRoutes } from './partner/routes'
export type { TicketingInput } from './options'
export { ticketingOptions } from './options'
export { pruneSyncRuns } from './runner/prune'
export { declareActiveRunIndex } from './runs/activeRunIndex'
export { addTicketingTables } from './engine/linksTable'
export { executeSync } from './engine/executeSync'
export { executeAvailability } from './engine/executeAvailability'
export { claimRun } from './runner/claim'
export { queueScheduledRefreshes, queueScheduledRuns } from './runner/schedule'
export { lockedFieldPaths } from './hooks/lockedPaths'
export { syncContext, isSyncWrite } from './defaults'
export type * from './types'
