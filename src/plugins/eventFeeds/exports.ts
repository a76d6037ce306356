/**
 * The event feeds' public surface: the partner routes (schema.org JSON-LD of an event, the
 * iCalendar feeds) for `partnerApi({ routes })`, and the bounds they keep.
 */
export { eventFeedRoutes } from './partner/routes'
export { eventFeedLimits } from './defaults'
