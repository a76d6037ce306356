import { keylessRefused, type GuestAccess } from '../../partnerApi/exports/routes'
import { calendarGuest } from '../defaults'

/**
 * A calendar client cannot send a key: a tenant that publishes its feeds (`publicCalendarFeeds`)
 * admits it as a reader of its published performances. Otherwise the answer is the partner
 * API's 401 for a request without a key, the one an unknown tenant gets too.
 */
export const calendarGuestAccess: GuestAccess = {
  description:
    'Calendar clients cannot send a key: where the tenant publishes its calendar feeds (its `publicCalendarFeeds` setting, off by default), this feed also answers without an `Authorization` header; otherwise it needs a read key (401 without one). With a key it always answers.',
  admit: async ({ tenant }) =>
    tenant.publicCalendarFeeds === true ? { name: calendarGuest } : keylessRefused(),
}
