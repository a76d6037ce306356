import type { CollectionBeforeValidateHook } from 'payload'
import { ValidationError } from 'payload'

import { isRealInstant } from '../../../lib/isRealInstant'

// Checked here as well as by the date fields: the title hook reads the dates before fields validate.
const unreadable = (value: unknown): boolean =>
  value !== undefined && value !== null && !isRealInstant(value)

/** Dates are real instants (no leap second, no 30 February), and a performance ends after it starts. */
export const validateInstanceDates: CollectionBeforeValidateHook = ({
  data,
  originalDoc,
  req,
  collection,
}) => {
  const start = data?.startDate ?? originalDoc?.startDate
  const end = data?.endDate ?? originalDoc?.endDate
  const bad = (['startDate', 'endDate'] as const).filter((name) => unreadable(data?.[name]))
  if (bad.length > 0) {
    throw new ValidationError({
      collection: collection.slug,
      errors: bad.map((path) => ({ path, message: 'Not a valid date and time.' })),
      req,
    })
  }
  if (start && end && new Date(end).getTime() < new Date(start).getTime()) {
    throw new ValidationError({
      collection: collection.slug,
      errors: [{ path: 'endDate', message: 'The end must not be before the start.' }],
      req,
    })
  }
  return data
}
