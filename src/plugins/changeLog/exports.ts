/**
 * The change log's public surface: the change feed's routes for the partner API, what a
 * subscriber is given, and the cursor and events a message or a feed entry carries.
 */
export { changeFeedRoutes } from './partner/routes'
export type { ChangeColumns, ChangeSubscriber } from './log/record'
export { decodeCursor, encodeCursor, type CursorScope } from './feed/cursor'
export { changeEvents, type ChangeEvent } from './log/events'
export { addChangeLogTables } from './log/table'
export { pruneChangeLog } from './log/prune'
