/** The ticketing plugin's public surface: what the rest of the app may import. */
export { addTicketingTables } from './engine/linksTable'
export { dropLinksOfConnection } from './engine/links'
export { executeSync } from './engine/executeSync'
export { lockedFieldPaths } from './hooks/locks'
export { ticketingSyncHooks } from './hooks/plugin'
export { syncContext, isSyncWrite } from './defaults'
export type * from './types'
