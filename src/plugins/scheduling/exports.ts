/**
 * Scheduling's public surface: the scheduled change routes for the partner API, and what a
 * revoked key's changes to come become.
 */
export { scheduleRoutes } from './partner/routes'
export { cancelChangesOfRetiredKey } from './operations/keyChanges'
export { countChangesOfKey } from './operations/keyChanges'
export { scheduleChange, upcomingChanges } from './operations/scheduledChanges'
export { adminServerFunctions } from './admin/serverFunctions'
