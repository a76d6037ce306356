/**
 * The change log's public surface: the change feed's routes for the partner API, what a
 * subscriber is given, and the cursor and events a message or a feed entry carries.
 */
export { changeFeedRoutes } from './partner/routes'
export type { ChangeSubscriber } from './record'
export { decodeCursor, encodeCursor, type CursorScope } from './cursor'
export { changeEvents, type ChangeEvent } from './events'
export { addChangeLogTables } from './table'
export { pruneChangeLog } from './prune'
