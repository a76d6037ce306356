/**
 * The ticketing plugin's public surface: the plugin, its partner routes, and what the app's
 * other parts (the settings, the tests' retention) need. The plugin itself is `index.ts`.
 */
export { ticketing } from './index'
export { ticketingRoutes } from './partner/routes'
export type { TicketingInput } from './options'
export { ticketingOptions } from './options'
export { pruneSyncRuns } from './runner/prune'
export { declareActiveRunIndex } from './runs/activeRunIndex'
