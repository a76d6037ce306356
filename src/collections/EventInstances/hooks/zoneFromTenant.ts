import type { CollectionBeforeValidateHook } from 'payload'
import { ValidationError } from 'payload'

import { canonicalTimeZone, validateTimeZone } from '../../../lib/timeZones'

import { relationId, type RelationValue } from '../../../lib/relationId'
import { tenantTimeZone } from '../../Tenants/tenantTimeZone'

/**
 * A performance without a zone takes its tenant's, on every surface (the admin's form may
 * already have filled it from the selected tenant). Runs after the fields' own defaults and
 * the merge of the stored document, so an update keeps the zone it has.
 */
export const zoneFromTenant: CollectionBeforeValidateHook = async ({
  data,
  originalDoc,
  req,
  collection,
}) => {
  if (data && data.startDate_tz) data.startDate_tz = canonicalTimeZone(data.startDate_tz)
  // Checked here as well as by the field: the title hook reads the zone before fields validate.
  const problem = validateTimeZone(data?.startDate_tz)
  if (problem !== true)
    throw new ValidationError({
      collection: collection.slug,
      errors: [{ path: 'startDate_tz', message: problem }],
      req,
    })
  if (!data || data.startDate_tz) return data
  if (data.startDate_tz === undefined && originalDoc?.startDate_tz) return data
  data.startDate_tz = await tenantTimeZone({
    req,
    tenantId: relationId((data.tenant ?? originalDoc?.tenant) as RelationValue),
  })
  return data
}
