/** Scheduling's public surface: the scheduled change routes for the partner API. */
export { scheduleRoutes } from './partner/routes'
