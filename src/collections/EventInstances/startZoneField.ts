import { getTenantFromCookie } from '@payloadcms/plugin-multi-tenant/utilities'
import type { DateField, Field } from 'payload'

import { validateTimeZone } from '../../lib/timeZones'
import { tenantTimeZone } from '../Tenants/tenantTimeZone'

/**
 * The start's zone, kept by Payload in `startDate_tz` beside it. Text rather than Payload's
 * select: a select is a PostgreSQL enum, which would need a migration whenever Node's list of
 * zones changes; the value is checked against that list instead. In the admin, a new
 * performance starts in the selected tenant's zone; elsewhere `zoneFromTenant` fills it.
 */
export const startZone: DateField['timezone'] = {
  override: ({ baseField }): Field => ({
    name: baseField.name,
    label: baseField.label,
    type: 'text',
    admin: {
      hidden: true,
      description:
        "IANA time zone of the start and the end (Europe/London); left out, the tenant's.",
    },
    validate: validateTimeZone,
    defaultValue: async ({ req }) => {
      const tenantId = getTenantFromCookie(req.headers, 'text')
      return tenantId ? tenantTimeZone({ req, tenantId: String(tenantId) }) : undefined
    },
  }),
}
