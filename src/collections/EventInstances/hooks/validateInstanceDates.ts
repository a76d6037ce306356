import type { CollectionBeforeValidateHook } from 'payload'
import { ValidationError } from 'payload'

/** A performance cannot end before it starts. */
export const validateInstanceDates: CollectionBeforeValidateHook = ({
  data,
  originalDoc,
  req,
  collection,
}) => {
  const start = data?.startDate ?? originalDoc?.startDate
  const end = data?.endDate ?? originalDoc?.endDate
  if (start && end && new Date(end).getTime() < new Date(start).getTime()) {
    throw new ValidationError({
      collection: collection.slug,
      errors: [{ path: 'endDate', message: 'The end must not be before the start.' }],
      req,
    })
  }
  return data
}
