/**
 * Scheduling's public surface: the scheduled change routes for the partner API, and what a
 * revoked key's changes to come become.
 */
export { scheduleRoutes } from './partner/routes'
export { cancelChangesOfRetiredKey } from './keyChanges'
export { countChangesOfKey } from './keyChanges'
export { scheduleChange, upcomingChanges } from './operations'
export { adminServerFunctions } from './adminServerFunctions'
